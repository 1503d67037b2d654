/**
 * Renders the brand SVGs of apps/web/brand to the PNGs the app serves from apps/web/public
 * (SPEC 3 logo paths). Run with `npx tsx scripts/make-logos.ts` after editing an SVG and commit
 * both. Uses Debian's Chromium (never a downloaded browser) and the DejaVu fonts it ships with,
 * so the output is the same on every machine of the project. The icons inside the emblems are
 * Font Awesome Free paths (CC BY 4.0), the same FaTools / FaTruck / FaBuilding the UI shows.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const root = join(import.meta.dirname, '..');
const brandDir = join(root, 'apps/web/brand');
const publicDir = join(root, 'apps/web/public');

/** `fit`: the width follows the text, the height is given; `square`: a fixed square size. */
type Output =
  | { source: string; target: string; fit: 'width'; height: number }
  | { source: string; target: string; fit: 'square'; size: number };

// Logos at twice their CSS size (120 px artboards) so they stay sharp on high-density screens.
const OUTPUTS: readonly Output[] = [
  { source: 'logo.svg', target: 'logo.png', fit: 'width', height: 240 },
  { source: 'logo_transportes.svg', target: 'logo_transportes.png', fit: 'width', height: 240 },
  {
    source: 'logo_trabajosVerticales.svg',
    target: 'logo_trabajosVerticales.png',
    fit: 'width',
    height: 240,
  },
  { source: 'logo_grupo.svg', target: 'logo_grupo.png', fit: 'width', height: 240 },
  { source: 'favicon.svg', target: 'favicon.png', fit: 'square', size: 32 },
  { source: 'favicon.svg', target: 'apple-touch-icon.png', fit: 'square', size: 180 },
];

// The few SVG DOM members used in the page (this script compiles without the DOM library).
type SvgNode = {
  viewBox: { baseVal: { height: number } };
  getBBox: () => { x: number; width: number };
  setAttribute: (name: string, value: string) => void;
};

// The artboard's right margin equals the emblem's left one, whatever the wordmark's length.
const MARGIN = 8;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const output of OUTPUTS) {
    const svg = await readFile(join(brandDir, output.source), 'utf8');
    const page = await browser.newPage({ viewport: { width: 2000, height: 1000 } });
    await page.setContent(
      `<!doctype html><html><head><style>html,body{margin:0;background:transparent}svg{display:block}</style></head><body>${svg}</body></html>`,
    );
    const size = await page.locator('svg').evaluate(
      (node, { output, margin }) => {
        const element = node as unknown as SvgNode;
        const artboard = element.viewBox.baseVal;
        if (output.fit === 'square') {
          element.setAttribute('width', String(output.size));
          element.setAttribute('height', String(output.size));
          return { width: output.size, height: output.size };
        }
        const box = element.getBBox();
        const width = Math.ceil(box.x + box.width + margin);
        element.setAttribute('viewBox', `0 0 ${width} ${artboard.height}`);
        const scale = output.height / artboard.height;
        element.setAttribute('width', String(width * scale));
        element.setAttribute('height', String(output.height));
        return { width: width * scale, height: output.height };
      },
      { output, margin: MARGIN },
    );
    await page.locator('svg').screenshot({
      path: join(publicDir, output.target),
      omitBackground: true,
    });
    await page.close();
    console.log(`${output.source} → public/${output.target} (${size.width}×${size.height})`);
  }
} finally {
  await browser.close();
}

// Browsers that understand SVG favicons get the vector one.
await copyFile(join(brandDir, 'favicon.svg'), join(publicDir, 'favicon.svg'));
console.log('favicon.svg → public/favicon.svg');
