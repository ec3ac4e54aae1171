// Draws the demo catalogue's artwork (apps/api/src/seed/media/): one cover per demo course (960 x 540, flat
// geometric shapes and a motif of its category, no text so it suits both languages) and one avatar per demo
// instructor (256 x 256, initials on a colour). Everything is drawn here: no image comes from elsewhere.
// Run after changing the demo courses or instructors: node scripts/make-demo-art.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(require.resolve('@expo-google-fonts/amiri/700Bold/Amiri_700Bold.ttf'), 'Amiri');
const out = (file) => new URL(`../apps/api/src/seed/media/${file}`, import.meta.url);

// The data course draws its charts. [file key, motif, background, shade, accent, mirrored]; the keys are the ones demo.ts names.
const COVERS = [
  ['python', 'programming', '#0b7285', '#095c6b', '#ffd43b', false],
  ['typescript', 'programming', '#1c3d7a', '#152e5c', '#74c0fc', true],
  ['data-analysis', 'business', '#2b8a3e', '#237032', '#ffe066', true],
  ['ui-design', 'design', '#c2255c', '#9c1d4a', '#ffd8a8', false],
  ['small-business', 'business', '#e67700', '#bf6200', '#fff3bf', false],
  ['english', 'languages', '#5f3dc4', '#4c31a0', '#ffc9c9', false],
  ['arabic-beginners', 'languages', '#087f5b', '#066649', '#ffec99', true],
  ['astronomy', 'science', '#1b1f3b', '#12152b', '#ffd43b', false],
  ['time-management', 'personal-development', '#d9480f', '#b03a0c', '#fff4e6', true],
  ['naskh', 'arabic-calligraphy', '#5c3d2e', '#4a3125', '#f1c27d', false],
];

const W = 960;
const H = 540;

function backdrop(g, bg, shade) {
  g.fillStyle = bg;
  g.fillRect(0, 0, W, H);
  g.fillStyle = shade;
  g.beginPath();
  g.arc(W * 0.12, H * 1.05, 330, 0, Math.PI * 2);
  g.fill();
  g.globalAlpha = 0.5;
  g.beginPath();
  g.arc(W * 0.95, -40, 220, 0, Math.PI * 2);
  g.fill();
  g.globalAlpha = 1;
  // A quiet dotted grid, as on a notebook page.
  g.fillStyle = 'rgba(255,255,255,0.10)';
  for (let x = 40; x < W; x += 48) for (let y = 36; y < H; y += 48) g.fillRect(x, y, 4, 4);
}

function roundRect(g, x, y, w, h, r) {
  g.beginPath();
  g.roundRect(x, y, w, h, r);
  g.fill();
}

const MOTIFS = {
  programming(g, accent) {
    // An editor window with code lines, and the angle brackets of a tag.
    g.fillStyle = 'rgba(255,255,255,0.14)';
    roundRect(g, 120, 110, 420, 320, 22);
    g.fillStyle = 'rgba(255,255,255,0.25)';
    for (const [i, c] of ['#ff8787', '#ffd43b', '#69db7c'].entries()) {
      g.fillStyle = c;
      g.beginPath();
      g.arc(156 + i * 30, 142, 9, 0, Math.PI * 2);
      g.fill();
    }
    const lines = [[0, 220], [40, 160], [40, 250], [80, 120], [40, 190], [0, 140]];
    for (const [i, [indent, w]] of lines.entries()) {
      g.fillStyle = i % 3 === 1 ? accent : 'rgba(255,255,255,0.7)';
      roundRect(g, 160 + indent, 190 + i * 36, w, 14, 7);
    }
    g.strokeStyle = accent;
    g.lineWidth = 34;
    g.lineCap = 'round';
    g.lineJoin = 'round';
    g.beginPath();
    g.moveTo(700, 170);
    g.lineTo(610, 270);
    g.lineTo(700, 370);
    g.moveTo(790, 170);
    g.lineTo(880, 270);
    g.lineTo(790, 370);
    g.stroke();
  },
  design(g, accent) {
    // Circle, square and triangle overlapping, and a pen's curve through them.
    g.globalAlpha = 0.9;
    g.fillStyle = accent;
    g.beginPath();
    g.arc(330, 270, 140, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = 'rgba(255,255,255,0.55)';
    roundRect(g, 430, 150, 230, 230, 18);
    g.fillStyle = 'rgba(255,255,255,0.85)';
    g.beginPath();
    g.moveTo(760, 140);
    g.lineTo(880, 390);
    g.lineTo(640, 390);
    g.closePath();
    g.fill();
    g.globalAlpha = 1;
    g.strokeStyle = '#ffffff';
    g.lineWidth = 6;
    g.beginPath();
    g.moveTo(140, 450);
    g.bezierCurveTo(380, 300, 560, 520, 840, 460);
    g.stroke();
    g.fillStyle = '#ffffff';
    for (const [x, y] of [[140, 450], [840, 460]]) g.fillRect(x - 10, y - 10, 20, 20);
  },
  business(g, accent) {
    // A bar chart that rises, and the arrow of growth.
    const bars = [120, 180, 150, 240, 300];
    for (const [i, h] of bars.entries()) {
      g.fillStyle = i === bars.length - 1 ? accent : 'rgba(255,255,255,0.75)';
      roundRect(g, 220 + i * 110, 440 - h, 70, h, 10);
    }
    g.fillStyle = 'rgba(255,255,255,0.9)';
    g.fillRect(180, 440, 600, 8);
    g.strokeStyle = accent;
    g.lineWidth = 16;
    g.lineCap = 'round';
    g.lineJoin = 'round';
    g.beginPath();
    g.moveTo(200, 300);
    g.lineTo(400, 230);
    g.lineTo(520, 270);
    g.lineTo(760, 110);
    g.stroke();
    g.fillStyle = accent;
    g.beginPath();
    g.moveTo(790, 90);
    g.lineTo(720, 100);
    g.lineTo(770, 150);
    g.closePath();
    g.fill();
  },
  languages(g, accent) {
    // Two speech bubbles in a conversation.
    g.fillStyle = 'rgba(255,255,255,0.88)';
    roundRect(g, 160, 110, 380, 190, 40);
    g.beginPath();
    g.moveTo(230, 290);
    g.lineTo(210, 360);
    g.lineTo(300, 295);
    g.fill();
    g.fillStyle = accent;
    roundRect(g, 440, 250, 360, 180, 40);
    g.beginPath();
    g.moveTo(720, 420);
    g.lineTo(760, 480);
    g.lineTo(660, 425);
    g.fill();
    g.fillStyle = 'rgba(0,0,0,0.18)';
    for (let i = 0; i < 3; i++) roundRect(g, 200, 150 + i * 40, [290, 230, 170][i], 16, 8);
    for (let i = 0; i < 3; i++) roundRect(g, 480, 290 + i * 40, [280, 200, 240][i], 16, 8);
  },
  science(g, accent) {
    // A ringed planet among stars, with an orbit.
    g.fillStyle = '#ffffff';
    for (let i = 0; i < 60; i++) {
      const x = (i * 157) % W;
      const y = (i * 89 + 31) % H;
      g.globalAlpha = 0.3 + ((i * 37) % 7) / 10;
      g.beginPath();
      g.arc(x, y, 1.5 + (i % 3), 0, Math.PI * 2);
      g.fill();
    }
    g.globalAlpha = 1;
    g.strokeStyle = 'rgba(255,255,255,0.35)';
    g.lineWidth = 3;
    g.beginPath();
    g.ellipse(480, 270, 380, 150, -0.2, 0, Math.PI * 2);
    g.stroke();
    g.fillStyle = '#f08c00';
    g.beginPath();
    g.arc(480, 270, 110, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = 'rgba(255,255,255,0.18)';
    g.beginPath();
    g.arc(450, 240, 70, 0, Math.PI * 2);
    g.fill();
    g.strokeStyle = accent;
    g.lineWidth = 14;
    g.beginPath();
    g.ellipse(480, 270, 190, 46, -0.35, 0.1 * Math.PI, 0.9 * Math.PI + Math.PI);
    g.stroke();
    g.fillStyle = '#74c0fc';
    g.beginPath();
    g.arc(150, 380, 26, 0, Math.PI * 2);
    g.fill();
  },
  'personal-development'(g, accent) {
    // A clock beside steps going up.
    g.fillStyle = 'rgba(255,255,255,0.9)';
    g.beginPath();
    g.arc(310, 270, 150, 0, Math.PI * 2);
    g.fill();
    g.strokeStyle = '#343a40';
    g.lineWidth = 14;
    g.lineCap = 'round';
    g.beginPath();
    g.moveTo(310, 270);
    g.lineTo(310, 170);
    g.moveTo(310, 270);
    g.lineTo(380, 310);
    g.stroke();
    g.fillStyle = '#343a40';
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2;
      g.beginPath();
      g.arc(310 + Math.cos(a) * 125, 270 + Math.sin(a) * 125, 6, 0, Math.PI * 2);
      g.fill();
    }
    g.fillStyle = accent;
    for (let i = 0; i < 4; i++) g.fillRect(540 + i * 85, 420 - (i + 1) * 70, 85, (i + 1) * 70);
    g.fillStyle = '#ffffff';
    g.beginPath();
    g.arc(838, 110, 22, 0, Math.PI * 2);
    g.fill();
  },
  'arabic-calligraphy'(g, accent) {
    // The calligrapher's rhombic dots that measure a letter, a sweeping stroke and the reed pen.
    g.fillStyle = accent;
    for (let i = 0; i < 5; i++) {
      const x = 230;
      const y = 130 + i * 62;
      g.beginPath();
      g.moveTo(x, y - 28);
      g.lineTo(x + 28, y);
      g.lineTo(x, y + 28);
      g.lineTo(x - 28, y);
      g.closePath();
      g.fill();
    }
    g.strokeStyle = '#fff8eb';
    g.lineCap = 'round';
    g.lineWidth = 26;
    g.beginPath();
    g.moveTo(360, 200);
    g.bezierCurveTo(380, 420, 720, 440, 780, 260);
    g.stroke();
    g.lineWidth = 14;
    g.beginPath();
    g.moveTo(560, 150);
    g.lineTo(560, 320);
    g.stroke();
    g.fillStyle = '#fff8eb';
    g.beginPath();
    g.arc(680, 170, 16, 0, Math.PI * 2);
    g.fill();
    // The qalam, cut at a slant.
    g.save();
    g.translate(820, 120);
    g.rotate(0.6);
    g.fillStyle = '#d4a373';
    g.fillRect(-14, 0, 28, 300);
    g.fillStyle = '#2b2b2b';
    g.beginPath();
    g.moveTo(-14, 300);
    g.lineTo(14, 300);
    g.lineTo(14, 330);
    g.closePath();
    g.fill();
    g.restore();
  },
};

for (const [key, motif, bg, shade, accent, mirrored] of COVERS) {
  const canvas = createCanvas(W, H);
  const g = canvas.getContext('2d');
  if (mirrored) {
    g.translate(W, 0);
    g.scale(-1, 1);
  }
  backdrop(g, bg, shade);
  MOTIFS[motif](g, accent);
  writeFileSync(out(`cover-${key}.png`), canvas.toBuffer('image/png'));
}

// [file key, initials, background]: an Arabic name gets its first letters in Arabic.
const AVATARS = [
  ['salma', 'س ح', '#0b7285'],
  ['omar', 'OH', '#1c3d7a'],
  ['khaled', 'خ م', '#5c3d2e'],
  ['lina', 'LF', '#5f3dc4'],
  ['reem', 'ر ع', '#c2255c'],
];
for (const [key, initials, bg] of AVATARS) {
  const size = 256;
  const canvas = createCanvas(size, size);
  const g = canvas.getContext('2d');
  g.fillStyle = bg;
  g.fillRect(0, 0, size, size);
  g.fillStyle = 'rgba(255,255,255,0.12)';
  g.beginPath();
  g.arc(size * 0.85, size * 0.1, 110, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = '#ffffff';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  const arabic = /[\u0600-\u06FF]/.test(initials);
  g.direction = arabic ? 'rtl' : 'ltr';
  g.font = `${arabic ? 104 : 96}px Amiri`;
  g.fillText(initials, size / 2, size / 2 + (arabic ? -22 : 6));
  writeFileSync(out(`avatar-${key}.png`), canvas.toBuffer('image/png'));
}
