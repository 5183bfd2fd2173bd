import { describe, expect, it } from 'vitest'
import { fitHeadings } from '../src/lib/heading-outline'

const levels = (html: string) => [...html.matchAll(/<h(\d)[\s>]/g)].map((m) => Number(m[1]))

describe('an editor’s headings set into the page’s outline', () => {
  it('starts the text’s top headings at the level asked, siblings staying siblings', () => {
    const html = '<h3>要点</h3><p>a</p><h3 class="x">数据</h3><h2>价格</h2>'
    expect(fitHeadings(html, 2)).toBe('<h2>要点</h2><p>a</p><h2 class="x">数据</h2><h2>价格</h2>')
  })

  it('never skips a level, and keeps what is under what', () => {
    expect(levels(fitHeadings('<h2>a</h2><h4>b</h4><h4>c</h4><h5>d</h5><h2>e</h2><h3>f</h3>', 2))).toEqual([2, 3, 3, 4, 2, 3])
    expect(levels(fitHeadings('<h1>a</h1><h2>b</h2>', 2))).toEqual([2, 3])
    expect(levels(fitHeadings('<h2>a</h2><h3>b</h3><h4>c</h4><h5>d</h5><h6>e</h6>', 3))).toEqual([3, 4, 5, 6, 6])
  })

  it('changes nothing else: text, attributes, other tags, headings written as text', () => {
    const html = '<p>&lt;h3&gt; is a tag</p><header>x</header><h4 id="k" >t</h4><hr>'
    expect(fitHeadings(html, 2)).toBe('<p>&lt;h3&gt; is a tag</p><header>x</header><h2 id="k" >t</h2><hr>')
    expect(fitHeadings('<p>no headings</p>', 2)).toBe('<p>no headings</p>')
  })
})
