import { describe, expect, it } from 'vitest'
import { wordListsToHtml } from '../src/lib/word-lists'

// What Word (Windows, 365) puts on the clipboard for a bulleted list with a
// nested item, then a numbered list, between two plain paragraphs.
const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><body lang=ZH-CN>
<!--StartFragment--><p class=MsoNormal>核心数据<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='margin-left:18.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span lang=EN-US style='font-family:Symbol;mso-fareast-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><!--[endif]-->市场规模 <b>1,200</b> 亿元<o:p></o:p></p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:36.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level2 lfo1'><!--[if !supportLists]--><span lang=EN-US style='font-family:"Courier New"'><span style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><!--[endif]-->其中储能 40%<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='margin-left:18.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span lang=EN-US style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><!--[endif]-->年增长 18%<o:p></o:p></p>
<p class=MsoNormal>主要厂商<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span lang=EN-US><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><!--[endif]-->宁德时代<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span lang=EN-US><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><!--[endif]-->比亚迪<o:p></o:p></p>
<!--EndFragment--></body></html>`

const shape = (html: string) => {
  const body = new DOMParser().parseFromString(html, 'text/html').body
  const walk = (element: Element): string =>
    ['UL', 'OL', 'LI'].includes(element.tagName)
      ? `${element.tagName.toLowerCase()}(${Array.from(element.children).map(walk).join(',')})`
      : element.tagName === 'P' && element.parentElement?.tagName === 'LI'
        ? `"${element.textContent.trim()}"`
        : Array.from(element.children).map(walk).filter(Boolean).join(',')
  return Array.from(body.children).map(walk).filter(Boolean).join(' ')
}

describe('Word lists on paste', () => {
  it('become nested bullet and numbered lists, without their markers', () => {
    const html = wordListsToHtml(WORD)
    expect(shape(html)).toBe('ul(li("市场规模 1,200 亿元",ul(li("其中储能 40%"))),li("年增长 18%")) ol(li("宁德时代"),li("比亚迪"))')
    expect(html).not.toContain('·')
    expect(html).not.toContain('mso-list:Ignore')
    // The paragraphs around the lists and the formatting inside them stay.
    expect(html).toContain('核心数据')
    expect(html).toContain('主要厂商')
    expect(html).toContain('<b>1,200</b>')
  })

  it('leaves a paste without Word lists as it is', () => {
    const html = '<ul><li>one</li></ul><p>two</p>'
    expect(wordListsToHtml(html)).toBe(html)
  })
})
