// Draws public/social-card.png, the site's share card (1200 × 630, the size Open Graph and Twitter's
// large card expect), in Debian's Chromium from the brand's colours. Run it again after changing the
// wording: `node scripts/launch.mjs scripts/social-card.mjs`. The build does not need Chromium.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const html = `<!doctype html><html><body style="margin:0">
<div style="box-sizing:border-box;width:1200px;height:630px;padding:80px 90px;background:#fdfdfc;color:#1c1c1e;
  font-family:system-ui,sans-serif;display:flex;flex-direction:column;justify-content:space-between;border-bottom:24px solid #1d4ed8">
  <div style="font-size:44px;font-weight:700;color:#1d4ed8">Research Hub</div>
  <div style="font-size:72px;font-weight:700;line-height:1.1">Essays, a glossary and paper search on AI and Web3</div>
  <div style="font-size:36px;color:#5b5b66">For people and AI agents · open API, no key needed</div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: path.join(root, 'public/social-card.png') });
await browser.close();
