// Served in place of the client while client/dist has not been built, so the
// product still starts and says what it is.
export const HOLDING_PAGE = `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>研究报告 · Research Reports</title>
<style>body{margin:0;font-family:"PingFang SC","Noto Sans SC","Microsoft YaHei",system-ui,sans-serif;color:#1f2937;background:#fff}
header{background:#0b1f3a;color:#fff;padding:24px 32px}main{max-width:1200px;margin:0 auto;padding:32px}a{color:#0f766e}</style></head>
<body><header><strong>研究报告 · Research Reports</strong></header>
<main><p>网站即将上线。内容接口已可用：<a href="/bff/health">健康检查</a>。</p>
<p lang="en">The website is coming soon. The content API is running behind this gateway.</p></main></body></html>`
