// The WeChat dialog's QR code must encode the sandbox cashier URL. Rather
// than decode an image, the test renders the same value with the same
// library and settings the client uses (qrcode.react, level M, size 200) and
// compares the module paths: equal paths mean the same encoded text.
import { QRCodeSVG } from 'qrcode.react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

/** The `d` of every <path> of a QR code SVG rendered for `value`. */
export function qrPathsFor(value: string): string[] {
  const markup = renderToStaticMarkup(createElement(QRCodeSVG, { value, level: 'M', size: 200 }))
  return [...markup.matchAll(/<path[^>]*\sd="([^"]+)"/g)].map((match) => match[1] as string)
}
