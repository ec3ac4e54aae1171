// Draws the site's default link-preview image (apps/web/public/og-image.png, 1200 x 630): the
// favicon's lamp and the name in both scripts. Run once when the brand changes: node scripts/make-og-image.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(require.resolve('@expo-google-fonts/amiri/700Bold/Amiri_700Bold.ttf'), 'Amiri');

const width = 1200;
const height = 630;
const canvas = createCanvas(width, height);
const g = canvas.getContext('2d');
g.fillStyle = '#0b7285';
g.fillRect(0, 0, width, height);
// The lamp's flame, as in favicon.svg (a 32-unit box), scaled up.
g.save();
g.translate(width / 2 - 96, 70);
g.scale(6, 6);
g.fillStyle = '#ffd43b';
g.beginPath();
g.moveTo(16, 7);
g.bezierCurveTo(19, 11, 21, 14, 21, 17);
g.arc(16, 17, 5, 0, Math.PI, false);
g.bezierCurveTo(11, 14, 13, 11, 16, 7);
g.fill();
g.restore();
g.fillStyle = '#ffffff';
g.textAlign = 'center';
g.font = '140px Amiri';
g.direction = 'rtl';
g.fillText('نبراس', width / 2, 420);
g.direction = 'ltr';
g.font = '64px Amiri';
g.fillText('Nibras', width / 2, 520);
writeFileSync(new URL('../apps/web/public/og-image.png', import.meta.url), canvas.toBuffer('image/png'));
