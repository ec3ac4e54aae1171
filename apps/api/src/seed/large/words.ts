// The large catalog's words: topics, title patterns and names, each written the several ways people
// really write them (ة/ه, أ/إ/ا, ى/ي, with and without tashkeel, English in any case), so search is
// exercised on the spellings it has to fold and not on one tidy form.

/** A deterministic pseudo-random number in [0, 1) for (a, b): the same seed data on every run. */
export function unit(a: number, b = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}

export function pick<T>(list: readonly T[], a: number, b = 0): T {
  return list[Math.floor(unit(a, b) * list.length)]!;
}

export interface LargeCategory {
  slug: string;
  nameAr: string;
  nameEn: string;
  /** [Arabic topic, English topic] */
  topics: [string, string][];
}

// The demo's slugs come first: on a database that has the demo, its categories are reused.
export const LARGE_CATEGORIES: LargeCategory[] = [
  { slug: 'programming', nameAr: 'البرمجة', nameEn: 'Programming', topics: [['البرمجة بلغة بايثون', 'Python Programming'], ['تطوير تطبيقات الويب', 'Web Development'], ['قواعد البيانات', 'Databases'], ['لغة جافاسكربت', 'JavaScript']] },
  { slug: 'design', nameAr: 'التصميم', nameEn: 'Design', topics: [['تصميم الواجهات', 'Interface Design'], ['التصميم الجرافيكي', 'Graphic Design'], ['تجربة المستخدم', 'User Experience']] },
  { slug: 'business', nameAr: 'الأعمال', nameEn: 'Business', topics: [['إدارة المشاريع', 'Project Management'], ['التسويق الرقمي', 'Digital Marketing'], ['ريادة الأعمال', 'Entrepreneurship'], ['المحاسبة المالية', 'Financial Accounting']] },
  { slug: 'languages', nameAr: 'اللغات', nameEn: 'Languages', topics: [['اللغة الإنجليزية', 'English Language'], ['اللغة العربية', 'Arabic Language'], ['اللغة الفرنسية', 'French Language']] },
  { slug: 'science', nameAr: 'العلوم', nameEn: 'Science', topics: [['الفيزياء', 'Physics'], ['الكيمياء العضوية', 'Organic Chemistry'], ['علم الفلك', 'Astronomy'], ['الرياضيات', 'Mathematics']] },
  { slug: 'personal-development', nameAr: 'تطوير الذات', nameEn: 'Personal development', topics: [['إدارة الوقت', 'Time Management'], ['مهارات التواصل', 'Communication Skills'], ['القيادة', 'Leadership']] },
  { slug: 'arabic-calligraphy', nameAr: 'الخط العربي', nameEn: 'Arabic calligraphy', topics: [['خط النسخ', 'Naskh Script'], ['خط الثلث', 'Thuluth Script'], ['الخط الديواني', 'Diwani Script']] },
  { slug: 'data-science', nameAr: 'علم البيانات', nameEn: 'Data science', topics: [['تحليل البيانات', 'Data Analysis'], ['الذكاء الاصطناعي', 'Artificial Intelligence'], ['تعلم الآلة', 'Machine Learning']] },
  { slug: 'photography', nameAr: 'التصوير', nameEn: 'Photography', topics: [['التصوير الفوتوغرافي', 'Photography'], ['تصوير الفيديو', 'Video Production'], ['الإضاءة', 'Lighting']] },
  { slug: 'health', nameAr: 'الصحة', nameEn: 'Health', topics: [['الإسعافات الأولية', 'First Aid'], ['التغذية السليمة', 'Healthy Nutrition'], ['اللياقة البدنية', 'Fitness']] },
  { slug: 'islamic-studies', nameAr: 'الدراسات الإسلامية', nameEn: 'Islamic studies', topics: [['علوم القرآن', 'Quranic Sciences'], ['الفقه الميسر', 'Introductory Fiqh'], ['السيرة النبوية', 'Prophetic Biography']] },
  { slug: 'kids', nameAr: 'تعليم الأطفال', nameEn: 'Kids', topics: [['القراءة للأطفال', 'Reading for Kids'], ['الحساب الذهني', 'Mental Math'], ['البرمجة للأطفال', 'Coding for Kids']] },
];

const AR_PATTERNS = ['مقدمة في {t}', 'أساسيات {t}', 'دورة {t} الشاملة', 'احتراف {t}', '{t} للمبتدئين', '{t} من الصفر', '{t}: المستوى الأول', '{t} خطوة بخطوة', 'إتقان {t}', 'ورشة {t} العملية'];
const EN_PATTERNS = ['Introduction to {t}', '{t} for Beginners', 'Mastering {t}', 'The Complete {t} Course', '{t} Step by Step', 'Practical {t}', '{t} from Scratch', 'Advanced {t}'];
const AR_SUBTITLES = ['تعلّم بالأمثلة العملية والتمارين', 'دروس قصيرة ومشروع في نهاية الدورة', 'من الأساسيات إلى الإتقان', 'شرح مبسّط لكل مستوى'];
const EN_SUBTITLES = ['Learn by doing, one short lesson at a time', 'From the basics to real projects', 'Clear explanations and practical exercises', 'Everything you need to get started'];

// Tashkeel an author may or may not type, on the letters that commonly carry it.
const FATHA = '\u064E';
const KASRA = '\u0650';
const SUKUN = '\u0652';
const SHADDA = '\u0651';
const MARKS = [FATHA, KASRA, SUKUN, FATHA + SHADDA];

/** One of the ways an author writes an Arabic text: hamza forms, final ة/ه and ى/ي, and tashkeel vary by `seed`. */
export function arabicVariant(text: string, seed: number): string {
  let out = text;
  if (unit(seed, 1) < 0.3) out = out.replace(/[أإآ]/g, 'ا');
  if (unit(seed, 2) < 0.3) out = out.replace(/ة(?=\s|$|:)/g, 'ه');
  if (unit(seed, 3) < 0.3) out = out.replace(/ى(?=\s|$|:)/g, 'ي');
  if (unit(seed, 4) < 0.25) {
    let i = 0;
    out = out.replace(/[\u0628-\u064A](?=[\u0628-\u064A])/g, (letter) => (unit(seed, 10 + i++) < 0.35 ? letter + MARKS[i % MARKS.length]! : letter));
  }
  return out;
}

/** English as authors type it: title case, lower case, upper case words. */
export function englishVariant(text: string, seed: number): string {
  const r = unit(seed, 5);
  if (r < 0.15) return text.toLowerCase();
  if (r < 0.25) return text.replace(/\b\w+\b/, (w) => w.toUpperCase());
  return text;
}

export function courseTitle(language: 'ar' | 'en', topic: [string, string], n: number): string {
  if (language === 'ar') return arabicVariant(pick(AR_PATTERNS, n, 20).replace('{t}', topic[0]), n);
  return englishVariant(pick(EN_PATTERNS, n, 21).replace('{t}', topic[1]), n);
}

export function courseSubtitle(language: 'ar' | 'en', n: number): string {
  return language === 'ar' ? arabicVariant(pick(AR_SUBTITLES, n, 22), n + 7) : pick(EN_SUBTITLES, n, 23);
}

export function courseDescription(language: 'ar' | 'en', topic: [string, string], n: number): string {
  return language === 'ar'
    ? `<p>في هذه الدورة تتعلّم ${arabicVariant(topic[0], n + 3)} بأمثلة من الواقع، درسًا بعد درس.</p><p>تنتهي كل وحدة بتمرين قصير، وفي آخر الدورة مشروع تطبّق فيه ما تعلّمته.</p>`
    : `<p>This course teaches <strong>${topic[1]}</strong> through real examples, one lesson at a time.</p><p>Each unit ends with a short exercise and the course with a project of your own.</p>`;
}

const AR_FIRST = ['أحمد', 'محمد', 'ليلى', 'فاطمة', 'يوسف', 'نور', 'سارة', 'خالد', 'مريم', 'عمر', 'هدى', 'إبراهيم', 'سلمى', 'علي', 'رنا', 'مصطفى', 'آمنة', 'حسن', 'زينب', 'طارق'];
const AR_LAST = ['الحربي', 'العتيبي', 'المنصوري', 'الشمري', 'القحطاني', 'الزهراني', 'الأنصاري', 'حداد', 'الخطيب', 'السيد', 'إسماعيل', 'النجار', 'البغدادي', 'الدوسري', 'مصطفى'];
const EN_FIRST = ['Omar', 'Lina', 'Yusuf', 'Sara', 'Adam', 'Maya', 'Karim', 'Hana', 'Sami', 'Dina', 'Rami', 'Nadia', 'Ziad', 'Layla', 'Tariq'];
const EN_LAST = ['Haddad', 'Farouk', 'Karim', 'Nasser', 'Saleh', 'Aziz', 'Hamdan', 'Khoury', 'Mansour', 'Rahman'];

export function personName(n: number): string {
  return unit(n, 30) < 0.7 ? arabicVariant(`${pick(AR_FIRST, n, 31)} ${pick(AR_LAST, n, 32)}`, n) : `${pick(EN_FIRST, n, 33)} ${pick(EN_LAST, n, 34)}`;
}

const AR_SECTIONS = ['مقدمة', 'الأساسيات', 'التطبيق العملي', 'موضوعات متقدمة', 'المشروع الختامي'];
const EN_SECTIONS = ['Introduction', 'The basics', 'In practice', 'Going further', 'Final project'];
const AR_LECTURES = ['نظرة عامة', 'المفاهيم الأولى', 'مثال عملي', 'تمرين وحل', 'أخطاء شائعة', 'ملخص الوحدة'];
const EN_LECTURES = ['Overview', 'First concepts', 'A worked example', 'Exercise and solution', 'Common mistakes', 'Unit summary'];
const AR_REVIEWS = ['دورة رائعة ومبسطة، أنصح بها.', 'شرح واضح وأمثلة مفيدة.', 'مفيدة لكن أتمنى أمثلة أكثر.', 'استفدت كثيرًا، شكرًا للمدرب.', ''];
const EN_REVIEWS = ['Clear and well paced.', 'Practical and to the point.', 'Good, but I wanted more exercises.', 'Exactly what I needed.', ''];

/** Word lists the SQL of the seed picks from by position (outline titles, reviews). */
export const SQL_WORDS = { AR_SECTIONS, EN_SECTIONS, AR_LECTURES, EN_LECTURES, AR_REVIEWS, EN_REVIEWS };

export const TAGS = ['بايثون', 'Python', 'برمجة', 'تصميم', 'Design', 'تسويق', 'Marketing', 'لغات', 'علوم', 'Data', 'بيانات', 'صحة', 'تصوير', 'قيادة', 'أطفال', 'خط عربي'];
