// Writes the seed content under fixtures/content/ for the fictional publisher
// "Hengzhi Research" (恒智研究). The output is deterministic (a seeded PRNG and
// fixed dates), so re-running it changes nothing unless this script changes:
//   npx tsx scripts/generate-fixtures.ts
// The JSON files are committed; the seeder reads them, never this script.
import { mkdir, writeFile } from 'node:fs/promises'
import type {
  BulletinFixture, CarouselFixture, ConfigFixture, DictFixture, MapFixture, NewsFixture, ReportFixture, ReportTexts,
} from '../core-api/src/db/fixture-types.ts'

const OUT = new URL('../fixtures/content/', import.meta.url)

function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = prng(20261122)
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
const round100 = (n: number) => Math.round(n / 100) * 100
const pad = (n: number) => String(n).padStart(2, '0')
/** Lower-cases a title phrase for use mid-sentence, keeping acronyms such as EV, 5G, LiDAR or mRNA. */
const midSentence = (s: string) => s.replace(/[A-Za-z0-9']+/g, (word) => (/^[A-Z][a-z']*$/.test(word) ? word.toLowerCase() : word))
const slugify = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')

// ── Categories and their subjects ────────────────────────────────────────────
interface Topic { zh: string; en: string }
interface Category { value: string; zh: string; en: string; color: string; topics: Topic[] }

const categories: Category[] = [
  { value: 'energy', zh: '能源电力', en: 'Energy & Power', color: '#1f6f8b', topics: [
    { zh: '储能锂电池', en: 'Energy Storage Lithium Battery' }, { zh: '光伏逆变器', en: 'PV Inverter' },
    { zh: '氢燃料电池', en: 'Hydrogen Fuel Cell' }, { zh: '海上风电', en: 'Offshore Wind Power' },
    { zh: '智能电网', en: 'Smart Grid' }, { zh: '电动汽车充电桩', en: 'EV Charging Infrastructure' },
    { zh: '动力锂电池回收', en: 'Lithium Battery Recycling' }, { zh: '钠离子电池', en: 'Sodium-ion Battery' },
    { zh: '抽水蓄能', en: 'Pumped Hydro Storage' },
  ] },
  { value: 'chemicals', zh: '化工', en: 'Chemicals', color: '#7a4e9e', topics: [
    { zh: '锂电电解液', en: 'Lithium Battery Electrolyte' }, { zh: '聚碳酸酯', en: 'Polycarbonate' },
    { zh: '钛白粉', en: 'Titanium Dioxide' }, { zh: '有机硅', en: 'Silicone' }, { zh: '环氧树脂', en: 'Epoxy Resin' },
    { zh: '电子特种气体', en: 'Electronic Specialty Gas' }, { zh: '可降解塑料', en: 'Biodegradable Plastics' },
    { zh: '含氟精细化学品', en: 'Fluorinated Fine Chemicals' },
  ] },
  { value: 'semiconductors', zh: '半导体', en: 'Semiconductors', color: '#2c5f9e', topics: [
    { zh: '碳化硅功率器件', en: 'Silicon Carbide Power Device' }, { zh: '光刻胶', en: 'Photoresist' },
    { zh: '半导体封装测试', en: 'Semiconductor Packaging and Testing' }, { zh: '车规级MCU芯片', en: 'Automotive MCU' },
    { zh: '存储芯片', en: 'Memory Chip' }, { zh: '晶圆代工', en: 'Wafer Foundry' }, { zh: '模拟芯片', en: 'Analog IC' },
    { zh: '半导体设备', en: 'Semiconductor Equipment' }, { zh: '电池管理芯片', en: 'Battery Management IC' },
  ] },
  { value: 'automotive', zh: '汽车', en: 'Automotive', color: '#b5562b', topics: [
    { zh: '新能源汽车', en: 'New Energy Vehicle' }, { zh: '车载激光雷达', en: 'Automotive LiDAR' },
    { zh: '线控底盘', en: 'Drive-by-Wire Chassis' }, { zh: '智能座舱', en: 'Smart Cockpit' },
    { zh: '动力锂电池', en: 'EV Power Battery' }, { zh: '汽车轻量化铝合金', en: 'Automotive Lightweight Aluminium' },
    { zh: '汽车热管理系统', en: 'Automotive Thermal Management' }, { zh: '商用车', en: 'Commercial Vehicle' },
  ] },
  { value: 'pharmaceuticals', zh: '医药', en: 'Pharmaceuticals', color: '#2e8b57', topics: [
    { zh: '医药CDMO', en: 'Pharmaceutical CDMO' }, { zh: '生物类似药', en: 'Biosimilars' },
    { zh: '中药配方颗粒', en: 'TCM Formula Granules' }, { zh: 'mRNA疫苗', en: 'mRNA Vaccine' },
    { zh: '抗体偶联药物', en: 'Antibody-Drug Conjugate' }, { zh: '原料药', en: 'Active Pharmaceutical Ingredient' },
    { zh: '细胞治疗', en: 'Cell Therapy' },
  ] },
  { value: 'medical-devices', zh: '医疗器械', en: 'Medical Devices', color: '#1b8a8a', topics: [
    { zh: '手术机器人', en: 'Surgical Robot' }, { zh: '体外诊断', en: 'In Vitro Diagnostics' },
    { zh: '医学影像设备', en: 'Medical Imaging Equipment' }, { zh: '心血管介入器械', en: 'Cardiovascular Interventional Device' },
    { zh: '家用呼吸机', en: 'Home Ventilator' }, { zh: '骨科植入物', en: 'Orthopaedic Implant' },
    { zh: '连续血糖监测', en: 'Continuous Glucose Monitoring' },
  ] },
  { value: 'machinery', zh: '机械装备', en: 'Machinery & Equipment', color: '#5b6770', topics: [
    { zh: '工业机器人', en: 'Industrial Robot' }, { zh: '数控机床', en: 'CNC Machine Tool' },
    { zh: '工程机械', en: 'Construction Machinery' }, { zh: '精密减速器', en: 'Precision Reducer' },
    { zh: '激光切割设备', en: 'Laser Cutting Equipment' }, { zh: '锂电生产设备', en: 'Lithium Battery Manufacturing Equipment' },
    { zh: '工业阀门', en: 'Industrial Valve' },
  ] },
  { value: 'ict', zh: '信息通信', en: 'ICT & Software', color: '#3a4fa0', topics: [
    { zh: '数据中心', en: 'Data Centre' }, { zh: '光模块', en: 'Optical Transceiver' }, { zh: '工业软件', en: 'Industrial Software' },
    { zh: '人工智能服务器', en: 'AI Server' }, { zh: '5G小基站', en: '5G Small Cell' }, { zh: '网络安全', en: 'Cybersecurity' },
    { zh: '云计算', en: 'Cloud Computing' }, { zh: '液冷服务器', en: 'Liquid-Cooled Server' },
  ] },
  { value: 'consumer', zh: '消费品', en: 'Consumer Goods', color: '#c0392b', topics: [
    { zh: '预制菜', en: 'Prepared Dishes' }, { zh: '宠物食品', en: 'Pet Food' }, { zh: '智能家居', en: 'Smart Home' },
    { zh: '功能饮料', en: 'Functional Beverage' }, { zh: '化妆品原料', en: 'Cosmetic Ingredients' },
    { zh: '扫地机器人', en: 'Robot Vacuum' }, { zh: '户外储能电源', en: 'Portable Power Station' },
  ] },
  { value: 'agriculture-food', zh: '农业食品', en: 'Agriculture & Food', color: '#6b8e23', topics: [
    { zh: '植物基蛋白', en: 'Plant-Based Protein' }, { zh: '种业', en: 'Seed' }, { zh: '饲料添加剂', en: 'Feed Additive' },
    { zh: '乳制品', en: 'Dairy Products' }, { zh: '智慧农业', en: 'Smart Agriculture' }, { zh: '生物农药', en: 'Biopesticide' },
  ] },
  { value: 'materials', zh: '新材料', en: 'Advanced Materials', color: '#8e6c1f', topics: [
    { zh: '碳纤维', en: 'Carbon Fibre' }, { zh: '锂电隔膜', en: 'Lithium Battery Separator' }, { zh: '石墨负极材料', en: 'Graphite Anode Material' },
    { zh: '稀土永磁材料', en: 'Rare Earth Permanent Magnet' }, { zh: '高温合金', en: 'Superalloy' }, { zh: '光学膜', en: 'Optical Film' },
    { zh: '气凝胶', en: 'Aerogel' },
  ] },
  { value: 'environment', zh: '环保', en: 'Environmental Services', color: '#3d8b6e', topics: [
    { zh: '工业废水处理', en: 'Industrial Wastewater Treatment' }, { zh: '固体废物处理', en: 'Solid Waste Treatment' },
    { zh: '碳捕集利用与封存', en: 'Carbon Capture, Utilisation and Storage' }, { zh: 'VOCs治理', en: 'VOC Abatement' },
    { zh: '土壤修复', en: 'Soil Remediation' }, { zh: '垃圾焚烧发电', en: 'Waste-to-Energy' },
  ] },
  { value: 'logistics', zh: '交通物流', en: 'Transport & Logistics', color: '#9c640c', topics: [
    { zh: '冷链物流', en: 'Cold Chain Logistics' }, { zh: '跨境电商物流', en: 'Cross-Border E-commerce Logistics' },
    { zh: '智能仓储', en: 'Smart Warehousing' }, { zh: '无人机配送', en: 'Drone Delivery' }, { zh: '港口自动化', en: 'Port Automation' },
  ] },
  { value: 'construction', zh: '建筑地产', en: 'Construction & Real Estate', color: '#7f5539', topics: [
    { zh: '装配式建筑', en: 'Prefabricated Building' }, { zh: '光伏建筑一体化', en: 'Building-Integrated Photovoltaics' },
    { zh: '建筑防水材料', en: 'Building Waterproofing Material' }, { zh: '物业管理', en: 'Property Management' },
  ] },
]

// ── Dictionaries ─────────────────────────────────────────────────────────────
const newsTypes = [
  { value: 'energy', zh: '能源', en: 'Energy' }, { value: 'semiconductors', zh: '半导体', en: 'Semiconductors' },
  { value: 'automotive', zh: '汽车', en: 'Automotive' }, { value: 'healthcare', zh: '医疗健康', en: 'Healthcare' },
  { value: 'materials', zh: '新材料', en: 'Materials' }, { value: 'consumer', zh: '消费', en: 'Consumer' },
]
const newsCategories = [
  { value: 'industry-news', zh: '行业动态', en: 'Industry News' }, { value: 'policy', zh: '政策法规', en: 'Policy' },
  { value: 'company', zh: '企业动态', en: 'Company News' }, { value: 'data', zh: '数据发布', en: 'Data Release' },
]
const bulletinTypes = [
  { value: 'industry-brief', zh: '行业简报', en: 'Industry Brief' },
  { value: 'enterprise-hole-analysis', zh: '企业洞察分析', en: 'Enterprise Insight Analysis' },
]
const bulletinLabels = [
  { value: 'new-energy', zh: '新能源', en: 'New Energy' }, { value: 'semiconductor', zh: '半导体', en: 'Semiconductor' },
  { value: 'smart-vehicle', zh: '智能汽车', en: 'Smart Vehicles' }, { value: 'biomedicine', zh: '生物医药', en: 'Biomedicine' },
  { value: 'advanced-materials', zh: '新材料', en: 'Advanced Materials' }, { value: 'digital-economy', zh: '数字经济', en: 'Digital Economy' },
]

// The icon of each report category, as a CSS class list of the iconfont the
// earlier clients bundle (they render <span :class="dictIcon">).
const CATEGORY_ICONS: Record<string, string> = {
  energy: 'icon-fengshan', chemicals: 'icon-shiyanhuaxue', semiconductors: 'icon-dianzixue-', automotive: 'icon-qiche',
  pharmaceuticals: 'icon-yaopin', 'medical-devices': 'icon-yiliaoqixie', machinery: 'icon-jixiebi', ict: 'icon-gl-network',
  consumer: 'icon-shangpin', 'agriculture-food': 'icon-chanyelian', materials: 'icon-a-ziyuan609', environment: 'icon-ziyuan',
  logistics: 'icon-qudaofenxi', construction: 'icon-gongsi',
}

function dictFamily(type: string, items: { value: string; zh: string; en: string }[], icons: Record<string, string> = {}): DictFixture[] {
  const icon = (value: string) => (icons[value] ? { dictIcon: `iconfont ${icons[value]}` } : {})
  return [
    ...items.map((item, i) => ({ dictType: type, dictLabel: item.zh, dictValue: item.value, treeSort: (i + 1) * 10, ...icon(item.value) })),
    ...items.map((item, i) => ({ dictType: `${type}_en`, dictLabel: item.en, dictValue: item.value, treeSort: (i + 1) * 10, ...icon(item.value) })),
  ]
}
const dicts: DictFixture[] = [
  ...dictFamily('reports_category', categories, CATEGORY_ICONS),
  ...dictFamily('market_type', newsTypes),
  ...dictFamily('news_category', newsCategories),
  ...dictFamily('bulletin_type', bulletinTypes),
  ...dictFamily('bulletin_label', bulletinLabels),
]

// ── Configuration ────────────────────────────────────────────────────────────
const LICENCE_NAMES = { single: ['单用户版单价', 'single user'], multi: ['多用户版单价', 'multi user'], enterprise: ['企业版单价', 'enterprise'] } as const
const EDITION_NAMES = { data: ['标准版', 'Standard'], full: ['专业版', 'Professional'] } as const
const REGION_NAMES = { china: ['中国', 'China'], global: ['全球及中国', 'Global and China'] } as const
// Standard single-user list prices; multi-user and enterprise follow fixed ratios.
const BASE_PRICES = { cn: { china: 9800, global: 16800 }, en: { china: 3900, global: 6800 } } as const
const PROFESSIONAL_RATIO = 1.5
const LICENCE_RATIO = { single: 1, multi: 1.5, enterprise: 2 } as const

const configs: ConfigFixture[] = []
for (const site of ['cn', 'en'] as const) {
  for (const region of ['global', 'china'] as const) {
    for (const edition of ['full', 'data'] as const) {
      for (const licence of ['single', 'multi', 'enterprise'] as const) {
        const base = BASE_PRICES[site][region] * LICENCE_RATIO[licence] * (edition === 'full' ? PROFESSIONAL_RATIO : 1)
        // Four parts, the fourth the licence tier in Chinese whatever the site: earlier clients label the price with split('-')[3].
        const name = `${site === 'cn' ? '中文站' : '英文站'}-${REGION_NAMES[region][0]}报告-${EDITION_NAMES[edition][0]}-${LICENCE_NAMES[licence][0]}`
        configs.push({ configKey: `${site}.${region}.${edition}.${licence}.price`, configValue: String(round100(base)), configName: name })
      }
    }
    const pages = region === 'global' ? 180 : 130
    const charts = region === 'global' ? 120 : 85
    configs.push(
      { configKey: `${site}.${region}.page.number`, configValue: String(pages), configName: site === 'cn' ? `${REGION_NAMES[region][0]}报告-页数` : `${REGION_NAMES[region][1]} report - pages` },
      { configKey: `${site}.${region}.chart.number`, configValue: String(charts), configName: site === 'cn' ? `${REGION_NAMES[region][0]}报告-图表数` : `${REGION_NAMES[region][1]} report - charts` },
    )
  }
}
configs.push(
  { configKey: 'cn.contact.phone', configValue: '021-6288 7360', configName: '联系电话' },
  { configKey: 'cn.contact.mobile', configValue: '139 1768 2055', configName: '24小时服务热线' },
  { configKey: 'cn.contact.email', configValue: 'service@hengzhi-research.cn', configName: '联系邮箱' },
  { configKey: 'cn.contact.address', configValue: '上海市浦东新区世纪大道 1568 号中建大厦 21 层', configName: '公司地址' },
  { configKey: 'en.contact.phone', configValue: '+1 (888) 415-2760', configName: 'US toll free' },
  { configKey: 'en.contact.intl', configValue: '+86 21 6288 7360', configName: 'International' },
  { configKey: 'en.contact.email', configValue: 'sales@hengzhi-research.com', configName: 'E-mail' },
  { configKey: 'en.contact.address', configValue: '21F, China Construction Tower, 1568 Century Avenue, Pudong, Shanghai 200122, China', configName: 'Address' },
  { configKey: 'cn.footer.icp', configValue: '沪ICP备2021034518号-1', configName: 'ICP备案号' },
  { configKey: 'cn.footer.icpUrl', configValue: 'https://beian.miit.gov.cn/', configName: 'ICP备案查询地址' },
  { configKey: 'cn.footer.police', configValue: '沪公网安备 31011502018866号', configName: '公安备案号' },
  { configKey: 'cn.footer.policeUrl', configValue: 'https://beian.mps.gov.cn/#/query/webSearch?code=31011502018866', configName: '公安备案查询地址' },
  { configKey: 'cn.footer.copyright', configValue: '© 2014-2026 上海恒智市场研究有限公司 版权所有', configName: '版权信息' },
  { configKey: 'en.footer.copyright', configValue: '© 2014-2026 Hengzhi Research Co., Ltd. All rights reserved.', configName: 'Copyright' },
  { configKey: 'cn.site.name', configValue: '恒智研究', configName: '网站名称' },
  { configKey: 'en.site.name', configValue: 'Hengzhi Research', configName: 'Site name' },
  { configKey: 'cn.site.description', configValue: '恒智研究是专注于产业研究与市场咨询的第三方研究机构，提供行业研究报告、定制研究与企业洞察服务。', configName: '网站描述' },
  { configKey: 'en.site.description', configValue: 'Hengzhi Research publishes market research reports on China and global industries, with custom research and company insight services.', configName: 'Site description' },
)

// ── Reports ──────────────────────────────────────────────────────────────────
// A report is a (category, subject, study kind) triple; the study kind sets the
// region and the shape of the title in both languages.
const studyKinds = [
  {
    key: 'china-market', region: '0' as const,
    zh: (t: string, y: number) => `${y}-${y + 6}年中国${t}行业市场深度调研及投资前景预测报告`,
    en: (t: string, y: number) => `China ${t} Market Research and Investment Outlook Report ${y}-${y + 6}`,
  },
  {
    key: 'global-market', region: '1' as const,
    zh: (t: string, y: number) => `全球与中国${t}市场现状及未来发展趋势研究报告（${y}版）`,
    en: (t: string, y: number) => `Global and China ${t} Market Status and Future Trends Report ${y}`,
  },
  {
    key: 'competition', region: '0' as const,
    zh: (t: string, y: number) => `${y}年中国${t}行业竞争格局与重点企业分析报告`,
    en: (t: string, y: number) => `China ${t} Industry Competitive Landscape and Key Players Report ${y}`,
  },
]

const zhPricePoints = [5800, 6800, 7800, 8800, 9800, 11800, 12800, 13800, 14800, 16800, 18800, 25800]
const enPricePoints = [2900, 3900, 4800, 5800, 7600, 8900, 9800, 11500, 12900, 14800, 16500, 19800]

function reportDate(i: number): string {
  // Spread over 2023..2026 with more recent years fuller, never after the data freeze.
  const year = i % 20 < 3 ? 2023 : i % 20 < 8 ? 2024 : i % 20 < 14 ? 2025 : 2026
  const month = year === 2026 ? int(1, 10) : int(1, 12)
  return `${year}-${pad(month)}-${pad(int(1, 28))}`
}

function zhTexts(cat: Category, topic: Topic, title: string, region: '0' | '1', year: number): Omit<ReportTexts, 'price' | 'multiPrice' | 'enterprisePrice'> {
  const scope = region === '0' ? '中国' : '全球及中国'
  const cagr = (4 + random() * 18).toFixed(1)
  const size = int(40, 2600)
  const outline = `本报告系统梳理了${scope}${topic.zh}行业的发展环境、市场规模、产业链结构与竞争格局。报告测算${year - 1}年${scope}${topic.zh}市场规模约为${size}亿元，预计${year}-${year + 6}年年均复合增长率约为${cagr}%，并对重点企业的产能、技术路线与盈利能力进行了对比分析，为企业战略规划与投资决策提供参考。`
  const context = [
    `<p>${topic.zh}是${cat.zh}领域中增长最快的细分市场之一。近年来，在政策引导、技术进步与下游需求扩张的共同推动下，${scope}${topic.zh}行业进入规模化发展阶段，产业集中度持续提升。</p>`,
    `<p>本报告基于恒智研究的企业调研数据库、海关进出口数据与上市公司公开披露信息，采用自上而下与自下而上相结合的测算方法，对${topic.zh}市场的规模、结构与增长动力进行了量化分析。</p>`,
    `<p>报告重点回答以下问题：</p><ul><li>${topic.zh}行业未来六年的市场空间有多大？</li><li>产业链各环节的利润如何分配？</li><li>头部企业的竞争优势与扩产计划如何？</li><li>新进入者面临哪些壁垒与机会？</li></ul>`,
    `<p>报告附有 ${int(60, 160)} 余张数据图表，覆盖 ${int(20, 60)} 家重点企业。</p>`,
  ].join('')
  const chapters = [
    `${topic.zh}行业概述`, `${scope}${topic.zh}行业发展环境分析`, `${scope}${topic.zh}市场规模与增长预测`,
    `${topic.zh}产业链分析`, `${topic.zh}行业竞争格局分析`, `${topic.zh}重点企业经营分析`,
    `${topic.zh}行业技术发展趋势`, `${topic.zh}行业投资机会与风险`,
  ]
  const sections = ['发展现状', '主要特征', '影响因素', '趋势判断']
  const directory = chapters.map((c, i) =>
    `<h4>第${i + 1}章 ${c}</h4><ul>${sections.map((s, j) => `<li>${i + 1}.${j + 1} ${c.replace(/分析$/, '')}${s}</li>`).join('')}</ul>`).join('')
  const reportScope = `<p><strong>地域范围：</strong>${region === '0' ? '中国大陆（分华东、华南、华北、华中、西南、西北、东北七大区域）' : '北美、欧洲、亚太（含中国）、拉美、中东及非洲'}</p><p><strong>时间范围：</strong>历史数据 ${year - 5}-${year - 1} 年，预测数据 ${year}-${year + 6} 年</p><p><strong>细分维度：</strong>按产品类型、应用领域、销售渠道与地区划分</p><p><strong>研究方法：</strong>一手访谈（企业高管、渠道商、终端用户）与二手资料（统计年鉴、海关数据、企业年报）相结合</p>`
  const chartsHtml = `<ol>${[
    `${year - 5}-${year - 1}年${scope}${topic.zh}市场规模及增速`, `${year}-${year + 6}年${scope}${topic.zh}市场规模预测`,
    `${topic.zh}产业链结构图`, `${topic.zh}行业主要产品价格走势`, `${year - 1}年${topic.zh}行业企业市场份额`,
    `${topic.zh}下游应用结构`, `${topic.zh}行业进出口情况`, `重点企业${topic.zh}产能对比`,
  ].map((c) => `<li>${c}</li>`).join('')}</ol>`
  return { title, outline, context, directory, reportScope, chartsHtml }
}

function enTexts(cat: Category, topic: Topic, title: string, region: '0' | '1', year: number): Omit<ReportTexts, 'price' | 'multiPrice' | 'enterprisePrice'> {
  const scope = region === '0' ? 'China' : 'the world and China'
  const cagr = (4 + random() * 18).toFixed(1)
  const size = int(80, 9000)
  const outline = `This report examines the ${midSentence(topic.en)} market in ${scope}: its drivers, size, value chain and competition. We estimate the market at USD ${size} million in ${year - 1} and forecast a compound annual growth rate of ${cagr}% for ${year}-${year + 6}, and we compare the capacity, technology and profitability of the leading suppliers to support strategy and investment decisions.`
  const context = [
    `<p>${topic.en} is one of the fastest-growing segments of ${midSentence(cat.en)}. Policy support, technical progress and expanding downstream demand have moved the industry into large-scale production, and concentration keeps rising.</p>`,
    `<p>The analysis draws on Hengzhi Research's company survey database, customs data and listed companies' disclosures, and sizes the market both top-down and bottom-up.</p>`,
    `<p>The report answers these questions:</p><ul><li>How large will the ${midSentence(topic.en)} market be over the next six years?</li><li>How is profit shared along the value chain?</li><li>What advantages and expansion plans do the leaders have?</li><li>Which barriers and openings do new entrants face?</li></ul>`,
    `<p>It includes more than ${int(60, 160)} charts and profiles ${int(20, 60)} companies.</p>`,
  ].join('')
  const chapters = [
    `${topic.en} Industry Overview`, 'Market Environment', 'Market Size and Forecast', 'Value Chain Analysis',
    'Competitive Landscape', 'Company Profiles', 'Technology Trends', 'Investment Opportunities and Risks',
  ]
  const sections = ['Current Status', 'Key Characteristics', 'Drivers and Restraints', 'Outlook']
  const directory = chapters.map((c, i) =>
    `<h4>Chapter ${i + 1} ${c}</h4><ul>${sections.map((s, j) => `<li>${i + 1}.${j + 1} ${s}</li>`).join('')}</ul>`).join('')
  const reportScope = `<p><strong>Geography:</strong> ${region === '0' ? 'Mainland China, by seven regions' : 'North America, Europe, Asia-Pacific (including China), Latin America, Middle East and Africa'}</p><p><strong>Period:</strong> history ${year - 5}-${year - 1}, forecast ${year}-${year + 6}</p><p><strong>Segments:</strong> product type, application, sales channel and region</p><p><strong>Method:</strong> primary interviews with executives, distributors and end users, combined with statistical yearbooks, customs data and annual reports</p>`
  const chartsHtml = `<ol>${[
    `${topic.en} Market Size and Growth, ${year - 5}-${year - 1}`, `${topic.en} Market Forecast, ${year}-${year + 6}`,
    `${topic.en} Value Chain`, `${topic.en} Price Trends by Product`, `${topic.en} Market Share by Company, ${year - 1}`,
    `${topic.en} Demand by Application`, `${topic.en} Imports and Exports`, `Capacity Comparison of Leading Suppliers`,
  ].map((c) => `<li>${c}</li>`).join('')}</ol>`
  return { title, outline, context, directory, reportScope, chartsHtml }
}

const REPORT_COUNT = 120
const HOT_COUNT = 12
const FILE_COUNT = 10
const slots: { cat: Category; topic: Topic; kind: (typeof studyKinds)[number] }[] = []
for (const kind of studyKinds) {
  for (let t = 0; slots.length < REPORT_COUNT && t < 9; t++) {
    for (const cat of categories) {
      const topic = cat.topics[t]
      if (topic && slots.length < REPORT_COUNT) slots.push({ cat, topic, kind })
    }
  }
}

const reports: ReportFixture[] = slots.map(({ cat, topic, kind }, i) => {
  const publishDate = reportDate(i)
  const year = Number(publishDate.slice(0, 4))
  const zhTitle = kind.zh(topic.zh, year)
  const enTitle = kind.en(topic.en, year)
  const zhPrice = zhPricePoints[i % zhPricePoints.length]!
  const enPrice = enPricePoints[(i * 7) % enPricePoints.length]!
  return {
    reportCode: `HZ${String(year).slice(2)}${cat.value.slice(0, 2).toUpperCase()}${String(1001 + i)}`,
    webTitle: `${slugify(topic.en)}-${kind.key}-${year}`,
    marketType: cat.value,
    reportRegion: kind.region,
    publishDate,
    pageNum: int(85, 320),
    chart: int(45, 190),
    hot: i % 10 === 3 && i / 10 < HOT_COUNT,
    hotSort: i % 10 === 3 ? Math.floor(i / 10) + 1 : 0,
    hasFile: i % 12 === 0 && i / 12 < FILE_COUNT,
    zh: { ...zhTexts(cat, topic, zhTitle, kind.region, year), price: zhPrice, multiPrice: round100(zhPrice * 1.5), enterprisePrice: round100(zhPrice * 2) },
    en: { ...enTexts(cat, topic, enTitle, kind.region, year), price: enPrice, multiPrice: round100(enPrice * 1.5), enterprisePrice: round100(enPrice * 2) },
  }
})
// Newest first reads naturally in the file and puts a recent report at index 0.
reports.sort((a, b) => b.publishDate.localeCompare(a.publishDate) || a.reportCode.localeCompare(b.reportCode))

// ── News ─────────────────────────────────────────────────────────────────────
const companiesZh = ['华晟新能源', '启明半导体', '远航汽车', '康宁生物', '中材先进', '云帆科技', '鼎立装备', '青禾食品']
const companiesEn = ['Huasheng New Energy', 'Qiming Semiconductor', 'Yuanhang Motors', 'Kangning Bio', 'Zhongcai Advanced Materials', 'Yunfan Technology', 'Dingli Equipment', 'Qinghe Foods']
const newsSubjects: Record<string, Topic[]> = {
  energy: [{ zh: '储能', en: 'energy storage' }, { zh: '光伏', en: 'solar' }, { zh: '锂电', en: 'lithium battery' }, { zh: '氢能', en: 'hydrogen' }],
  semiconductors: [{ zh: '晶圆代工', en: 'foundry' }, { zh: '碳化硅', en: 'silicon carbide' }, { zh: '存储芯片', en: 'memory chip' }],
  automotive: [{ zh: '新能源汽车', en: 'electric vehicle' }, { zh: '智能驾驶', en: 'autonomous driving' }, { zh: '动力电池', en: 'EV battery' }],
  healthcare: [{ zh: '创新药', en: 'innovative drug' }, { zh: '医疗器械', en: 'medical device' }, { zh: '体外诊断', en: 'diagnostics' }],
  materials: [{ zh: '碳纤维', en: 'carbon fibre' }, { zh: '稀土永磁', en: 'rare earth magnet' }, { zh: '锂电隔膜', en: 'battery separator' }],
  consumer: [{ zh: '预制菜', en: 'prepared food' }, { zh: '智能家居', en: 'smart home' }, { zh: '宠物食品', en: 'pet food' }],
}
const zhHeadlines: Record<string, (s: string, c: string, n: number) => [string, string]> = {
  'industry-news': (s, _c, n) => [`${s}行业景气度回升，三季度国内出货量同比增长${n}%`, `据恒智研究跟踪数据，三季度国内${s}出货量同比增长${n}%，环比改善明显。下游需求回暖叠加库存去化，行业景气度有望在四季度延续。`],
  policy: (s, _c, n) => [`多部门联合印发${s}产业高质量发展行动方案，提出到2028年产值突破${n * 100}亿元`, `行动方案从技术攻关、标准体系、应用推广与金融支持四个方面提出${n}项具体举措，明确了${s}产业的阶段性发展目标。`],
  company: (s, c, n) => [`${c}宣布投资${n}亿元扩建${s}生产基地`, `${c}公告称，将投资${n}亿元建设新一代${s}产线，项目达产后年产能将提升约${n % 40 + 20}%，预计于2027年下半年投产。`],
  data: (s, _c, n) => [`${s}价格指数连续${n % 5 + 2}个月下行，行业进入整合期`, `恒智${s}价格指数最新一期环比下降${(n % 9) + 1}.${n % 10}%，中小产能加速出清，头部企业市场份额进一步提升。`],
}
const enHeadlines: Record<string, (s: string, c: string, n: number) => [string, string]> = {
  'industry-news': (s, _c, n) => [`China ${s} shipments rise ${n}% year on year in the third quarter`, `Hengzhi Research tracking shows third-quarter ${s} shipments up ${n}% year on year as downstream demand recovers and inventories normalise.`],
  policy: (s, _c, n) => [`New action plan targets ${s} output of CNY ${n * 10} billion by 2028`, `The plan sets out ${n} measures across research, standards, adoption and financing for the ${s} industry.`],
  company: (s, c, n) => [`${c} to invest CNY ${n} billion in new ${s} capacity`, `${c} said it will build a new ${s} line, raising annual capacity by about ${n % 40 + 20}% when it reaches full output in late 2027.`],
  data: (s, _c, n) => [`${s[0]!.toUpperCase()}${s.slice(1)} price index falls for the ${['second', 'third', 'fourth', 'fifth', 'sixth'][n % 5]} month running`, `The latest Hengzhi ${s} price index fell ${(n % 9) + 1}.${n % 10}% month on month as smaller producers exit and leaders gain share.`],
}

function newsBody(lang: 'zh-CN' | 'en-US', outline: string, subject: string): string {
  if (lang === 'zh-CN') {
    return `<p>${outline}</p><p>业内人士认为，${subject}行业正处于由规模扩张向质量提升转变的关键阶段，技术迭代与成本下降将继续驱动渗透率提升。</p><h3>恒智观点</h3><p>短期看，价格竞争仍将持续；中长期看，具备技术储备与客户资源的企业将获得更大的市场份额。我们建议关注产业链上游关键材料与核心设备环节的国产替代机会。</p>`
  }
  return `<p>${outline}</p><p>Industry participants see ${subject} moving from rapid expansion to quality growth, with technology upgrades and falling costs still driving adoption.</p><h3>Hengzhi view</h3><p>Price competition will persist in the near term. Over the longer run, companies with technology depth and strong customer relationships should gain share, and localisation of key upstream materials and equipment offers the clearest openings.</p>`
}

const news: NewsFixture[] = []
for (const [lang, count] of [['zh-CN', 40], ['en-US', 20]] as const) {
  for (let i = 0; i < count; i++) {
    const type = newsTypes[i % newsTypes.length]!
    const category = newsCategories[Math.floor(i / newsTypes.length) % newsCategories.length]!
    const subject = pick(newsSubjects[type.value]!)
    const n = int(8, 60)
    const [title, outline] = lang === 'zh-CN'
      ? zhHeadlines[category.value]!(subject.zh, pick(companiesZh), n)
      : enHeadlines[category.value]!(subject.en, pick(companiesEn), n)
    // Newest article first; one article every two to three days back from the freeze date.
    const day = new Date(Date.UTC(2026, 10, 20) - i * int(2, 3) * 86_400_000)
    const publishDate = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())} ${pad(int(8, 18))}:${pad(int(0, 59))}:00`
    news.push({
      lang, title, outline, marketType: type.value, marketCategory: category.value,
      webTitle: `${slugify(subject.en)}-${category.value}-${publishDate.slice(0, 10)}-${lang === 'zh-CN' ? 'cn' : 'en'}${i + 1}`,
      keyword: lang === 'zh-CN' ? `${subject.zh},${type.zh},${category.zh}` : `${subject.en}, ${midSentence(type.en)}, ${midSentence(category.en)}`,
      context: newsBody(lang, outline, lang === 'zh-CN' ? subject.zh : subject.en),
      publishDate,
    })
  }
}

// ── Bulletins ────────────────────────────────────────────────────────────────
const bulletinSubjects: Record<string, Topic[]> = {
  'new-energy': [{ zh: '储能锂电池', en: 'Energy Storage Battery' }, { zh: '光伏组件', en: 'Solar Module' }, { zh: '氢能', en: 'Hydrogen' }],
  semiconductor: [{ zh: '功率半导体', en: 'Power Semiconductor' }, { zh: '先进封装', en: 'Advanced Packaging' }, { zh: '半导体设备', en: 'Chip Equipment' }],
  'smart-vehicle': [{ zh: '智能驾驶', en: 'Autonomous Driving' }, { zh: '动力电池', en: 'EV Battery' }, { zh: '车载芯片', en: 'Automotive Chip' }],
  biomedicine: [{ zh: '创新药出海', en: 'Drug Out-Licensing' }, { zh: '医疗器械集采', en: 'Device Volume-Based Procurement' }],
  'advanced-materials': [{ zh: '碳纤维', en: 'Carbon Fibre' }, { zh: '稀土永磁', en: 'Rare Earth Magnet' }],
  'digital-economy': [{ zh: '算力基础设施', en: 'Computing Infrastructure' }, { zh: '工业互联网', en: 'Industrial Internet' }],
}

function bulletinBody(lang: 'zh-CN' | 'en-US', type: string, subject: string, company: string): string {
  if (lang === 'zh-CN') {
    return type === 'industry-brief'
      ? `<h3>本期要点</h3><ul><li>${subject}市场需求：订单环比改善，头部企业开工率回升至八成以上。</li><li>价格与成本：主要原材料价格企稳，产业链利润向中游修复。</li><li>政策动向：地方配套政策密集出台，项目审批提速。</li></ul><h3>数据速览</h3><p>本期简报汇总了${subject}领域近一个月的产量、价格、招投标与投融资数据，并给出下一阶段的跟踪指标。</p>`
      : `<h3>企业概况</h3><p>${company}是${subject}领域的代表性企业，近三年营业收入保持两位数增长。</p><h3>洞察分析</h3><ul><li>竞争优势：客户结构优质，核心工艺自主可控。</li><li>潜在短板：海外渠道布局偏晚，原材料议价能力有限。</li><li>关注要点：新产能爬坡进度与毛利率变化。</li></ul>`
  }
  return type === 'industry-brief'
    ? `<h3>Highlights</h3><ul><li>${subject} demand: orders improved month on month and leaders run above 80% utilisation.</li><li>Prices and costs: key input prices have stabilised and mid-stream margins are recovering.</li><li>Policy: local support measures are accelerating project approvals.</li></ul><h3>Data at a glance</h3><p>This brief collects last month's output, price, tender and financing data for ${midSentence(subject)} and sets out what to watch next.</p>`
    : `<h3>Company profile</h3><p>${company} is a leading ${midSentence(subject)} supplier whose revenue has grown by double digits for three years.</p><h3>Insight</h3><ul><li>Strengths: a high-quality customer base and in-house core processes.</li><li>Gaps: a late start overseas and limited bargaining power on inputs.</li><li>Watch: the ramp-up of new capacity and gross margin.</li></ul>`
}

const bulletins: BulletinFixture[] = []
for (const [lang, count] of [['zh-CN', 36], ['en-US', 8]] as const) {
  for (let i = 0; i < count; i++) {
    const label = bulletinLabels[i % bulletinLabels.length]!
    const type = bulletinTypes[Math.floor(i / bulletinLabels.length) % 2]!
    const subject = pick(bulletinSubjects[label.value]!)
    const companyIndex = int(0, companiesZh.length - 1)
    const issue = Math.floor(i / 2) + 1
    const day = new Date(Date.UTC(2026, 10, 18) - i * 5 * 86_400_000)
    const publishDate = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`
    const isBrief = type.value === 'industry-brief'
    const title = lang === 'zh-CN'
      ? (isBrief ? `${subject.zh}行业简报（${day.getUTCFullYear()}年第${issue}期）` : `${companiesZh[companyIndex]}企业洞察：${subject.zh}业务竞争力评估`)
      : (isBrief ? `${subject.en} Industry Brief, Issue ${issue} ${day.getUTCFullYear()}` : `${companiesEn[companyIndex]} Insight: ${subject.en} Competitiveness Review`)
    const outline = lang === 'zh-CN'
      ? (isBrief ? `聚焦${subject.zh}领域近一个月的供需、价格与政策变化，提炼关键信号与下一阶段跟踪指标。` : `从业务结构、技术能力、客户与产能四个维度评估${companiesZh[companyIndex]}在${subject.zh}领域的竞争力。`)
      : (isBrief ? `Last month's supply, demand, price and policy signals in ${midSentence(subject.en)}, and what to watch next.` : `How ${companiesEn[companyIndex]} competes in ${midSentence(subject.en)}: business mix, technology, customers and capacity.`)
    bulletins.push({
      lang, title, outline, marketType: type.value, topLabelId: label.value, publishDate,
      webTitle: `${slugify(subject.en)}-${isBrief ? 'brief' : `${slugify(companiesEn[companyIndex]!)}-insight`}-${publishDate}`,
      context: bulletinBody(lang, type.value, lang === 'zh-CN' ? subject.zh : subject.en, lang === 'zh-CN' ? companiesZh[companyIndex]! : companiesEn[companyIndex]!),
      pageNum: int(8, 36),
      price: lang === 'zh-CN' ? pick([99, 199, 299, 399, 499]) : pick([19, 29, 49, 69, 99]),
      choiceness: i % 4 === 0,
      hasFile: true,
    })
  }
}

// ── Carousel and map ─────────────────────────────────────────────────────────
const carousel: CarouselFixture[] = [
  { lang: 'zh-CN', title: '2026 中国新能源产业链全景研究', subtitle: '储能、锂电、光伏与氢能：从产能到利润的全链条数据', linkUrl: '/report-industries/energy', color: '#12355b', sort: 1 },
  { lang: 'zh-CN', title: '半导体国产化进程追踪', subtitle: '设备、材料与制造环节的替代空间与时间表', linkUrl: '/report-industries/semiconductors', color: '#1f4e79', sort: 2 },
  { lang: 'zh-CN', title: '定制研究服务', subtitle: '行业规模测算、竞争格局、用户调研与可行性研究', linkUrl: '/market', color: '#0e5e6f', sort: 3 },
  { lang: 'en-US', title: 'China New Energy Value Chain 2026', subtitle: 'Storage, batteries, solar and hydrogen: capacity, prices and profits', linkUrl: '/en/report-industries/energy', color: '#12355b', sort: 1 },
  { lang: 'en-US', title: 'Tracking Semiconductor Localisation', subtitle: 'Equipment, materials and manufacturing: how far and how fast', linkUrl: '/en/report-industries/semiconductors', color: '#1f4e79', sort: 2 },
  { lang: 'en-US', title: 'Custom Research', subtitle: 'Market sizing, competitive analysis, customer surveys and feasibility studies', linkUrl: '/en/market', color: '#0e5e6f', sort: 3 },
]
const map: MapFixture[] = [
  { regionCode: 'CN', nameZh: '中国', nameEn: 'China', clients: 3860, reports: 5120, sort: 1 },
  { regionCode: 'AP', nameZh: '亚太（不含中国）', nameEn: 'Asia-Pacific (excl. China)', clients: 640, reports: 1480, sort: 2 },
  { regionCode: 'NA', nameZh: '北美', nameEn: 'North America', clients: 820, reports: 1730, sort: 3 },
  { regionCode: 'EU', nameZh: '欧洲', nameEn: 'Europe', clients: 710, reports: 1590, sort: 4 },
  { regionCode: 'LA', nameZh: '拉丁美洲', nameEn: 'Latin America', clients: 150, reports: 420, sort: 5 },
  { regionCode: 'ME', nameZh: '中东及非洲', nameEn: 'Middle East & Africa', clients: 190, reports: 510, sort: 6 },
]

// ── Write ────────────────────────────────────────────────────────────────────
function assertUnique(label: string, keys: string[]) {
  const seen = new Set<string>()
  for (const key of keys) {
    if (seen.has(key)) throw new Error(`duplicate ${label}: ${key}`)
    seen.add(key)
  }
}
assertUnique('report slug', reports.map((r) => r.webTitle))
assertUnique('report code', reports.map((r) => r.reportCode))
assertUnique('news slug', news.map((n) => `${n.lang}:${n.webTitle}`))
assertUnique('bulletin slug', bulletins.map((b) => `${b.lang}:${b.webTitle}`))

await mkdir(OUT, { recursive: true })
const files = { dicts, config: configs, carousel, map, reports, news, bulletins }
for (const [name, content] of Object.entries(files)) {
  await writeFile(new URL(`${name}.json`, OUT), `${JSON.stringify(content, null, 2)}\n`)
}
console.log(Object.entries(files).map(([name, content]) => `${name}: ${content.length}`).join(', '))
