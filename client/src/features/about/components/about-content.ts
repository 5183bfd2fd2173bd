import type { Locale } from '../../../lib/locale'

// Long-form copy of the about pages. It lives with the feature rather than in
// the message catalogues: it is prose, edited as a whole, in both languages.

export type AboutSection = 'company' | 'method' | 'order' | 'qualify' | 'term'

export interface AboutBlock {
  heading?: string
  paragraphs?: string[]
  list?: string[]
  steps?: Array<{ title: string; text: string }>
  facts?: Array<{ value: string; label: string }>
}

export interface AboutPage {
  title: string
  intro: string
  blocks: AboutBlock[]
}

type Content = Record<AboutSection, AboutPage>

const zh: Content = {
  company: {
    title: '公司简介',
    intro: '恒智研究是一家独立的第三方产业研究机构，总部位于上海，专注于中国及全球重点产业的市场研究、数据分析与咨询服务。',
    blocks: [
      {
        facts: [
          { value: '2014', label: '成立年份' },
          { value: '14', label: '覆盖行业大类' },
          { value: '120+', label: '专职研究人员' },
          { value: '6,000+', label: '累计服务客户' },
        ],
      },
      {
        heading: '我们做什么',
        paragraphs: [
          '我们出版行业研究报告，跟踪能源电力、化工、半导体、汽车、医药、信息通信、消费品等领域的市场规模、竞争格局、价格走势与技术变化；同时为企业、投资机构和政府部门提供定制研究、企业洞察和行业简报服务。',
          '我们的报告被用于战略规划、投资决策、项目可行性论证、市场进入和竞争分析。客户包括国内外上市公司、国有企业、跨国公司、证券及投资机构、咨询公司和研究院所。',
        ],
      },
      {
        heading: '我们的原则',
        list: [
          '独立：研究结论不受委托方或被研究企业影响，报告不接受任何形式的软性植入。',
          '可追溯：关键数据注明来源与口径，测算方法在报告中公开说明。',
          '持续更新：重点报告按年度修订，期间发生重大变化时发布补充说明。',
          '保密：客户身份、定制项目内容及交付成果严格保密。',
        ],
      },
    ],
  },
  method: {
    title: '研究方法',
    intro: '每一份报告都由同一套流程产出：明确问题、收集数据、交叉验证、建立模型、同行评审。我们公开方法，是为了让读者判断结论的可靠程度。',
    blocks: [
      {
        heading: '数据来源',
        list: [
          '一手调研：对生产企业、经销商、终端用户和行业专家的深度访谈与问卷调查，每个重点行业每年访谈 100 人次以上。',
          '官方统计：国家及地方统计部门、海关进出口数据、行业协会年报与行政审批公开信息。',
          '企业披露：上市公司年报、招股说明书、债券募集说明书及公开招投标信息。',
          '自有数据库：恒智研究持续维护的企业产能、项目与价格数据库。',
        ],
      },
      {
        heading: '市场测算',
        paragraphs: [
          '市场规模同时采用自上而下（需求端）与自下而上（供给端）两种方法测算，两者偏差超过 5% 时逐项核对假设。预测期一般为五至七年，基于驱动因素建立情景模型，并在报告中列出关键假设与敏感性分析。',
        ],
      },
      {
        heading: '质量控制',
        steps: [
          { title: '选题与框架评审', text: '研究总监确认研究范围、口径和章节结构。' },
          { title: '数据交叉验证', text: '同一指标至少使用两个独立来源核对。' },
          { title: '同行评审', text: '由未参与写作的资深分析师审阅结论与模型。' },
          { title: '编辑校对', text: '统一术语、单位与图表格式后出版。' },
        ],
      },
    ],
  },
  order: {
    title: '订购流程',
    intro: '您可以在线提交需求，也可以通过电话或邮件联系研究顾问。一般情况下，付款后 2-3 个工作日即可收到电子版报告。',
    blocks: [
      {
        steps: [
          {
            title: '索取样本',
            text: '在报告页点击“免费索取样本”，填写联系信息；研究顾问将发送报告样本和目录，帮助您确认内容是否符合需要。',
          },
          { title: '签订合同并付款', text: '确认版本与授权方式后签订订购合同，可通过银行转账、支付宝或微信支付付款。' },
          { title: '交付报告', text: 'PDF/Word 电子版在付款后 2-3 个工作日内发送至您的邮箱；纸质版在 3-5 个工作日内快递送达。' },
          { title: '开具发票', text: '报告交付后开具全额增值税发票并寄出。' },
          { title: '售后服务', text: '自交付之日起六个月内，报告作者将解答您关于报告数据和结论的问题。' },
        ],
      },
      {
        heading: '版本与授权',
        list: [
          '标准版：报告正文及核心数据。专业版：在标准版基础上增加细分数据表与企业对标分析。',
          '单用户版：限一名指定用户使用。多用户版：同一部门内不超过五名用户共享。企业版：同一法人单位内部使用。',
        ],
      },
      {
        heading: '授权与席位',
        list: [
          '单用户版：仅限购买人本人使用，报告出现在其“我的下载”中。',
          '多用户版：购买人可在订单页以邮箱邀请最多 5 名同事（含本人）；同事用各自的账号接受邀请后，在自己的“我的下载”中下载。购买人可随时收回席位并转给他人。',
          '企业版：凡邮箱已验证、且属于购买单位企业域名的账号均可下载（域名取自购买人已验证的邮箱；qq.com、163.com、gmail.com 等公共邮箱不能代表企业，可联系我们设置）。',
          '每一份下载的文件都会在每页加印持有人姓名、单位、授权与订单号，每个席位每天的下载次数有上限。',
        ],
      },
    ],
  },
  qualify: {
    title: '企业资质',
    intro: '恒智研究依法登记注册，具备开展市场调查与信息咨询服务的全部资质，并建立了与之配套的数据安全与质量管理体系。',
    blocks: [
      {
        list: [
          '营业执照：上海恒智市场研究有限公司，经营范围包括市场调查、社会经济咨询、信息技术咨询服务。',
          '涉外调查许可：依法取得涉外社会调查资格，可开展涉外市场调查项目。',
          'ICP 备案：网站已按规定完成 ICP 备案及公安机关互联网站安全备案。',
          '质量管理体系：研究流程通过 ISO 9001 质量管理体系认证。',
          '信息安全管理体系：数据存储与访问管理通过 ISO/IEC 27001 认证。',
          '行业协会：中国市场信息调查业协会会员单位。',
        ],
      },
      {
        paragraphs: ['如需核验以上资质文件的复印件，请联系研究顾问，我们将在签订合同前提供加盖公章的副本。'],
      },
    ],
  },
  term: {
    title: '相关条款',
    intro: '以下条款适用于通过本网站订购的研究报告及相关服务。提交订单即表示您已阅读并同意这些条款。',
    blocks: [
      {
        heading: '一、知识产权',
        paragraphs: [
          '报告的著作权归恒智研究所有。购买报告获得的是按所选授权方式使用报告的权利，不包括著作权转让。未经书面许可，不得复制、转售、公开发布或将报告内容用于向第三方提供的付费服务。',
        ],
      },
      {
        heading: '二、授权范围',
        paragraphs: [
          '单用户版仅限一名指定用户使用；多用户版限同一部门不超过五名用户；企业版限同一法人单位内部使用。在内部报告中引用少量数据时，请注明“数据来源：恒智研究”。',
        ],
      },
      {
        heading: '三、交付与退款',
        paragraphs: [
          '电子版报告在付款确认后 2-3 个工作日内发送，纸质版在 3-5 个工作日内寄出。由于报告属于数字内容，交付后不予退款；如报告内容与目录及样本明显不符，请在收到报告后七日内与我们联系，我们将核实并免费更正或补充。',
        ],
      },
      {
        heading: '四、免责声明',
        paragraphs: [
          '报告基于公开资料、调研访谈和我们的专业判断编写，我们力求准确，但不对数据的完整性作出保证。报告中的预测与观点仅供参考，不构成投资建议；据此作出的决策及其后果由使用者自行承担。',
        ],
      },
      {
        heading: '五、隐私与保密',
        paragraphs: [
          '我们仅将您提交的联系信息用于处理订单、提供样本和售后服务，不会向第三方出售或披露，法律另有规定的除外。定制研究的项目内容与成果按合同约定严格保密。',
        ],
      },
    ],
  },
}

const en: Content = {
  company: {
    title: 'Company Profile',
    intro:
      'Hengzhi Research is an independent industry research firm based in Shanghai. We publish market research on China and global industries and carry out custom research for companies and investors.',
    blocks: [
      {
        facts: [
          { value: '2014', label: 'Founded' },
          { value: '14', label: 'Industry groups covered' },
          { value: '120+', label: 'Full-time analysts' },
          { value: '6,000+', label: 'Clients served' },
        ],
      },
      {
        heading: 'What we do',
        paragraphs: [
          'We publish research reports that track market size, competition, prices and technology in energy and power, chemicals, semiconductors, automotive, pharmaceuticals, ICT, consumer goods and other sectors. We also run custom research projects and company insight studies.',
          'Our work supports strategy, investment decisions, feasibility studies, market entry and competitor analysis. Clients include listed companies, multinationals, state-owned enterprises, investment firms, consultancies and research institutes.',
        ],
      },
      {
        heading: 'How we work',
        list: [
          'Independent: findings are not influenced by sponsors or by the companies we study, and we accept no paid placements.',
          'Traceable: key figures state their source and definition, and estimation methods are described in each report.',
          'Maintained: major reports are revised every year, with notes issued when markets change materially.',
          'Confidential: client identities, custom project briefs and deliverables are kept strictly confidential.',
        ],
      },
    ],
  },
  method: {
    title: 'Research Method',
    intro:
      'Every report goes through the same process: define the question, collect data, cross-check, model and review. We publish the method so readers can judge how far to rely on the findings.',
    blocks: [
      {
        heading: 'Sources',
        list: [
          'Primary research: in-depth interviews and surveys with manufacturers, distributors, end users and industry experts — more than 100 interviews a year for each major industry.',
          'Official statistics: national and local statistics bureaus, customs trade data, industry association yearbooks and public permit records.',
          'Company disclosures: annual reports, prospectuses, bond offering documents and public tenders.',
          'Proprietary databases: capacity, project and price data maintained by Hengzhi Research.',
        ],
      },
      {
        heading: 'Market sizing',
        paragraphs: [
          'Market size is estimated both top-down (demand side) and bottom-up (supply side); where the two differ by more than 5%, each assumption is checked. Forecasts usually cover five to seven years, use scenario models built on the main drivers, and state their key assumptions and sensitivities.',
        ],
      },
      {
        heading: 'Quality control',
        steps: [
          { title: 'Scope review', text: 'A research director approves the scope, definitions and structure.' },
          { title: 'Cross-checking', text: 'Each key figure is verified against at least two independent sources.' },
          { title: 'Peer review', text: 'A senior analyst who did not write the report reviews findings and models.' },
          { title: 'Editing', text: 'Terms, units and charts are standardised before publication.' },
        ],
      },
    ],
  },
  order: {
    title: 'Order Process',
    intro:
      'Order online or through a research consultant by phone or e-mail. The electronic report usually reaches you two to three working days after payment.',
    blocks: [
      {
        steps: [
          {
            title: 'Request a sample',
            text: 'Use “Request a free sample” on the report page. A consultant sends a sample and the table of contents so you can check the report fits your needs.',
          },
          {
            title: 'Sign and pay',
            text: 'Choose the edition and licence, sign the order contract and pay by bank transfer, Alipay or WeChat Pay.',
          },
          {
            title: 'Delivery',
            text: 'PDF/Word copies are e-mailed within 2-3 working days of payment; hard copies arrive by courier in 3-5 working days.',
          },
          { title: 'Invoice', text: 'A full invoice is issued and sent after delivery.' },
          {
            title: 'After-sales support',
            text: 'For six months after delivery, the authors answer your questions about the data and findings.',
          },
        ],
      },
      {
        heading: 'Editions and licences',
        list: [
          'Standard edition: the report and its core data. Professional edition: adds detailed segment tables and company benchmarking.',
          'Single user: one named user. Multi user: up to five users in one department. Enterprise: use within one legal entity.',
        ],
      },
      {
        heading: 'Licences and seats',
        list: [
          'Single user: one person, the buyer; the report is in their My Downloads.',
          'Multi user: up to 5 named people, the buyer included. The buyer invites colleagues by e-mail from the order page; each accepts with an account of their own and downloads from their own My Downloads. A seat can be taken back and given to someone else.',
          'Enterprise: everyone whose verified e-mail is at the buying company’s domain (taken from the buyer’s verified address; public mail services such as qq.com, 163.com or gmail.com do not name a company, so contact us to set it).',
          'Every copy is stamped on each page with its holder’s name, the company, the licence and the order number, and each seat may download the file a limited number of times a day.',
        ],
      },
    ],
  },
  qualify: {
    title: 'Enterprise Qualifications',
    intro:
      'Hengzhi Research is a registered company licensed for market survey and information consulting, with matching quality and data-security management systems.',
    blocks: [
      {
        list: [
          'Business licence: Shanghai Hengzhi Market Research Co., Ltd., licensed for market survey, socio-economic consulting and IT consulting.',
          'Foreign-related survey permit: qualified to conduct market surveys involving foreign parties.',
          'Website filings: ICP filing and public security filing completed as required.',
          'Quality management: research processes certified to ISO 9001.',
          'Information security: data storage and access certified to ISO/IEC 27001.',
          'Member of the China Market Information Survey Association.',
        ],
      },
      {
        paragraphs: ['Stamped copies of these documents are available from your research consultant before a contract is signed.'],
      },
    ],
  },
  term: {
    title: 'Terms and Conditions',
    intro:
      'These terms apply to research reports and services ordered through this website. By placing an order you confirm that you have read and accepted them.',
    blocks: [
      {
        heading: '1. Intellectual property',
        paragraphs: [
          'Copyright in every report remains with Hengzhi Research. A purchase grants the right to use the report under the chosen licence; it does not transfer copyright. Without written permission, reports may not be copied, resold, published or used in paid services to third parties.',
        ],
      },
      {
        heading: '2. Licence scope',
        paragraphs: [
          'A single-user licence covers one named user; a multi-user licence up to five users in one department; an enterprise licence use within one legal entity. When quoting limited figures in internal documents, please cite “Source: Hengzhi Research”.',
        ],
      },
      {
        heading: '3. Delivery and refunds',
        paragraphs: [
          'Electronic copies are sent within 2-3 working days of confirmed payment and hard copies dispatched within 3-5 working days. Reports are digital content and are not refundable once delivered. If a report differs materially from its table of contents and sample, tell us within seven days of receipt and we will correct or complete it free of charge.',
        ],
      },
      {
        heading: '4. Disclaimer',
        paragraphs: [
          'Reports are based on public information, interviews and our professional judgement. We aim for accuracy but do not warrant completeness. Forecasts and opinions are for reference only and are not investment advice; decisions based on them are the user’s responsibility.',
        ],
      },
      {
        heading: '5. Privacy and confidentiality',
        paragraphs: [
          'Contact details you submit are used only to process orders, send samples and provide support. We do not sell or disclose them to third parties except where the law requires. Custom research briefs and results are confidential under the project contract.',
        ],
      },
    ],
  },
}

export const ABOUT_CONTENT: Record<Locale, Content> = { 'zh-CN': zh, 'en-US': en }
