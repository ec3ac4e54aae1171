import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { drawLines, layOutParagraph, type TextStyle } from '../lib/pdf-bidi-text';

const require = createRequire(import.meta.url);
const FONT = require.resolve('@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf');

/** The demo's PDF lecture: two A5 pages, Arabic with its English beside it, its fonts embedded (made at seed time). */
const PAGES: { ar: string[]; en: string[] }[] = [
  {
    ar: ['مبادئ خط النسخ', 'يبدأ الخطاط بإعداد القلم: يُبرى القصب بزاوية مائلة ويُشق سنّه ليحمل الحبر.', 'ثم يتدرّب على النقطة، فهي وحدة القياس التي تُضبط بها أطوال الحروف.'],
    en: ['Principles of the Naskh script', 'The calligrapher first prepares the pen: the reed is cut at a slant and its nib split to hold the ink.', 'Then comes the dot, the unit by which the letters are measured.'],
  },
  {
    ar: ['تمرين الصفحة الثانية', 'اكتب حرف الألف بطول خمس نقاط، ثم الباء بعرض خمس نقاط، وقارن بالنموذج.'],
    en: ['Exercise', 'Write the alif five dots tall, then the ba five dots wide, and compare with the model.'],
  },
];

export async function demoLecturePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A5', margin: 40, info: { Title: 'مبادئ خط النسخ — Principles of Naskh', Author: 'Nibras' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('amiri', FONT);
  const width = doc.page.width - 80;
  PAGES.forEach((page, n) => {
    if (n > 0) doc.addPage();
    let baseline = 70;
    const write = (text: string, style: TextStyle, direction: 'rtl' | 'ltr') => {
      const lines = layOutParagraph(doc, text, style, width, direction);
      baseline = drawLines(doc, lines, style, { x: 40, width, baseline, lineHeight: style.size * 1.6, align: direction === 'rtl' ? 'right' : 'left' }) + style.size * 2;
    };
    page.ar.forEach((text, i) => write(text, { font: 'amiri', size: i === 0 ? 20 : 13, color: '#1a1a1a' }, 'rtl'));
    baseline += 16;
    page.en.forEach((text, i) => write(text, { font: 'amiri', size: i === 0 ? 16 : 12, color: '#333333' }, 'ltr'));
  });
  doc.end();
  return done;
}

/** The demo's resource: a short text file of practice notes (UTF-8). */
export const DEMO_RESOURCE_TEXT = 'ملاحظات التمرين — Practice notes\n\n١. بري القلم بزاوية ٤٥ درجة.\n1. Cut the pen at 45 degrees.\n';
