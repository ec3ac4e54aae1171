/**
 * The search quality set (issue 26, docs/search.md "Quality set"): a small catalogue of public courses
 * written as course sites write them, and queries people type, each with the courses that must be in
 * its first five results. search-quality.test.ts builds the catalogue and runs every query through
 * GET /api/public/search.
 *
 * Every expectation follows from the rules of docs/search.md (normalisation, articles, prefixes, typo
 * tolerance against course words of five letters or more, transliterations, stop words), not from what
 * the code happened to return: a change to how search works (the typo matching, the ranking) must keep
 * every case passing, or change docs/search.md first.
 */

export interface QualityInstructor {
  key: string;
  name: string;
}

export interface QualityCourse {
  key: string;
  title: string;
  subtitle: string;
  description?: string;
  tags: string[];
  language: 'ar' | 'en';
  instructor: string;
}

export type QualityKind =
  | 'exact'
  | 'prefix'
  | 'typo-substitution'
  | 'typo-insertion'
  | 'typo-deletion'
  | 'typo-swap'
  | 'hamza'
  | 'taa-marbuta'
  | 'alef-maqsura'
  | 'tashkeel-query'
  | 'tashkeel-title'
  | 'tatweel'
  | 'article'
  | 'stop-words'
  | 'mixed'
  | 'transliteration'
  | 'english-case'
  | 'instructor'
  | 'digits';

export interface QualityCase {
  q: string;
  /** Keys of the courses that must all be among the first five results (relevance order). */
  expect: string[];
  kind: QualityKind;
  /** Why, when the rule that makes it match is not obvious. */
  note?: string;
}

export const QUALITY_INSTRUCTORS: readonly QualityInstructor[] = [
  { key: 'ahmad', name: 'أحمد عبد الرحمن' },
  { key: 'sarah', name: 'Sarah Johnson' },
  { key: 'omar', name: 'Omar Haddad' },
  { key: 'daniel', name: 'Daniel Brooks' },
  { key: 'mostafa', name: 'مصطفى الشناوي' },
  { key: 'iman', name: 'إيمان الأنصاري' },
  { key: 'sheikh', name: 'عبد الله القارئ' },
  { key: 'yusuf', name: 'يوسف الأزهري' },
  { key: 'lina', name: 'لينا حداد' },
  { key: 'khaled', name: 'خالد المصري' },
];

export const QUALITY_COURSES: readonly QualityCourse[] = [
  {
    key: 'py-ar',
    title: 'أساسيات البرمجة بلغة بايثون',
    subtitle: 'تعلّم البرمجة من الصفر خطوةً بخطوة',
    description: '<p>دورة شاملة للمبتدئين: المتغيرات والشروط والحلقات والدوال.</p>',
    tags: ['بايثون', 'برمجة'],
    language: 'ar',
    instructor: 'ahmad',
  },
  {
    key: 'py-en',
    title: 'Python for Beginners',
    subtitle: 'Learn programming from scratch with hands-on projects',
    tags: ['Python', 'Programming'],
    language: 'en',
    instructor: 'sarah',
  },
  {
    key: 'py-data',
    title: 'تحليل البيانات باستخدام Python و Pandas',
    subtitle: 'من جداول الإكسل إلى الرسوم البيانية',
    tags: ['تحليل البيانات', 'Pandas'],
    language: 'ar',
    instructor: 'omar',
  },
  {
    key: 'js-ar',
    title: 'جافاسكريبت الحديثة لتطوير الواجهات',
    subtitle: 'ES6 والتعامل مع DOM خطوة بخطوة',
    tags: ['جافاسكريبت', 'تطوير الويب'],
    language: 'ar',
    instructor: 'ahmad',
  },
  {
    key: 'js-en',
    title: 'The Complete JavaScript Course',
    subtitle: 'From fundamentals to advanced asynchronous code',
    tags: ['JavaScript', 'Web Development'],
    language: 'en',
    instructor: 'sarah',
  },
  {
    key: 'js-react',
    title: 'React.js من الصفر',
    subtitle: 'المكونات والخطافات وإدارة الحالة بلغة جافاسكريبت',
    tags: ['React', 'جافاسكريبت'],
    language: 'ar',
    instructor: 'ahmad',
  },
  {
    key: 'js-node',
    title: 'Node.js Backend Development',
    subtitle: 'REST APIs with JavaScript and Express',
    tags: ['Node.js', 'JavaScript'],
    language: 'en',
    instructor: 'daniel',
  },
  {
    key: 'js-projects',
    title: '20 مشروع جافاسكريبت عملي',
    subtitle: 'تطبيقات حقيقية تبنيها بنفسك',
    tags: ['جافاسكريبت'],
    language: 'ar',
    instructor: 'lina',
  },
  {
    key: 'ts',
    title: 'TypeScript for JavaScript Developers',
    subtitle: 'Types, generics and tooling',
    tags: ['TypeScript'],
    language: 'en',
    instructor: 'sarah',
  },
  {
    key: 'java-ar',
    title: 'البرمجة كائنية التوجه بلغة جافا',
    subtitle: 'الأصناف والوراثة والواجهات',
    tags: ['جافا'],
    language: 'ar',
    instructor: 'khaled',
  },
  {
    key: 'web-html',
    title: 'تصميم مواقع الإنترنت بـ HTML و CSS',
    subtitle: 'بناء صفحات متجاوبة لكل الشاشات',
    tags: ['تصميم المواقع', 'HTML'],
    language: 'ar',
    instructor: 'lina',
  },
  {
    key: 'excel-ar',
    title: 'إكسل من البداية إلى الاحتراف',
    subtitle: 'الدوال والجداول المحورية والمخططات',
    tags: ['إكسل', 'مايكروسوفت أوفيس'],
    language: 'ar',
    instructor: 'mostafa',
  },
  {
    key: 'excel-en',
    title: 'Microsoft Excel 365: Formulas and Pivot Tables',
    subtitle: 'VLOOKUP, XLOOKUP and dashboards',
    tags: ['Excel', 'Spreadsheets'],
    language: 'en',
    instructor: 'omar',
  },
  {
    key: 'ps-ar',
    title: 'احتراف الفوتوشوب للمصممين',
    subtitle: 'تعديل الصور وتصميم الإعلانات',
    tags: ['فوتوشوب', 'تصميم جرافيك'],
    language: 'ar',
    instructor: 'lina',
  },
  {
    key: 'graphic-en',
    title: 'Graphic Design Masterclass',
    subtitle: 'Typography, colour theory and logo design',
    tags: ['Graphic Design', 'Illustrator'],
    language: 'en',
    instructor: 'sarah',
  },
  {
    key: 'mkt-ar',
    title: 'التسويق الرقمي عبر وسائل التواصل الاجتماعي',
    subtitle: 'إعلانات فيسبوك، إنستغرام وجوجل',
    tags: ['التسويق الإلكتروني'],
    language: 'ar',
    instructor: 'khaled',
  },
  {
    key: 'mkt-en',
    title: 'Digital Marketing Strategy',
    subtitle: 'SEO, content marketing and email campaigns',
    tags: ['Marketing', 'SEO'],
    language: 'en',
    instructor: 'omar',
  },
  {
    key: 'tajweed',
    title: 'أحكام التجويد برواية حفص عن عاصم',
    subtitle: 'مخارج الحروف والمدود وأحكام النون الساكنة',
    tags: ['تجويد', 'القرآن الكريم'],
    language: 'ar',
    instructor: 'sheikh',
  },
  {
    key: 'quran-hifz',
    title: 'حِفْظُ القُرْآنِ الكَرِيمِ لِلأَطْفَالِ',
    subtitle: 'برنامج ممتع لحفظ جزء عمّ',
    tags: ['تحفيظ'],
    language: 'ar',
    instructor: 'sheikh',
  },
  {
    key: 'hadith',
    title: 'علوم الحديث الشريف',
    subtitle: 'مصطلح الحديث ودرجات الأسانيد',
    tags: ['حديث'],
    language: 'ar',
    instructor: 'sheikh',
  },
  {
    key: 'nahw',
    title: 'النحو العربي الميسّر',
    subtitle: 'الإعراب والجملة الاسمية والفعلية بالعربية الفصحى',
    description: '<p>من المستوى الأول حتى إتقان الإعراب.</p>',
    tags: ['قواعد اللغة العربية', 'نحو'],
    language: 'ar',
    instructor: 'iman',
  },
  {
    key: 'imla',
    title: 'الإملاء وعلامات الترقيم',
    subtitle: 'الهمزة المتوسطة والمتطرفة والتاء المربوطة',
    tags: ['إملاء'],
    language: 'ar',
    instructor: 'iman',
  },
  {
    key: 'acct-ar',
    title: 'مبادئ المحاسبة المالية',
    subtitle: 'القيود اليومية والميزانية العمومية',
    tags: ['محاسبة'],
    language: 'ar',
    instructor: 'mostafa',
  },
  {
    key: 'acct-en',
    title: 'Accounting Fundamentals',
    subtitle: 'Debits, credits and financial statements',
    tags: ['Accounting', 'Finance'],
    language: 'en',
    instructor: 'omar',
  },
  {
    key: 'photo-ar',
    title: 'التصوير الفوتوغرافي بالهاتف',
    subtitle: 'الإضاءة والتكوين وتعديل الصور',
    tags: ['تصوير'],
    language: 'ar',
    instructor: 'khaled',
  },
  {
    key: 'photo-en',
    title: 'Photography Masterclass',
    subtitle: 'Exposure, composition and Lightroom editing',
    tags: ['Photography', 'Lightroom'],
    language: 'en',
    instructor: 'sarah',
  },
  {
    key: 'data-en',
    title: 'Data Analysis with SQL and Power BI',
    subtitle: 'Queries, dashboards and reports for business',
    tags: ['Data Analysis', 'SQL'],
    language: 'en',
    instructor: 'daniel',
  },
  {
    key: 'eng-ar',
    title: 'اللغة الإنجليزية للمبتدئين',
    subtitle: 'المحادثة والقواعد والمفردات اليومية',
    tags: ['إنجليزي'],
    language: 'ar',
    instructor: 'lina',
  },
  {
    key: 'eng-en',
    title: 'English Grammar for Beginners',
    subtitle: 'Tenses, articles and everyday conversation',
    tags: ['English', 'Grammar'],
    language: 'en',
    instructor: 'daniel',
  },
  {
    key: 'french',
    title: 'اللغة الفرنسية للمبتدئين',
    subtitle: 'النطق والمحادثة والقواعد',
    tags: ['فرنسي'],
    language: 'ar',
    instructor: 'lina',
  },
  {
    key: 'android-ar',
    title: 'تطوير تطبيقات أندرويد بلغة كوتلن',
    subtitle: 'من الفكرة إلى متجر جوجل بلاي',
    tags: ['أندرويد', 'Kotlin'],
    language: 'ar',
    instructor: 'ahmad',
  },
  {
    key: 'linux-ar',
    title: 'إدارة أنظمة لينكس',
    subtitle: 'سطر الأوامر والصلاحيات والشبكات',
    tags: ['لينكس'],
    language: 'ar',
    instructor: 'khaled',
  },
  {
    key: 'linux-en',
    title: 'Linux Command Line Basics',
    subtitle: 'Bash, permissions and shell scripting',
    tags: ['Linux'],
    language: 'en',
    instructor: 'daniel',
  },
  {
    key: 'ai-ar',
    title: 'الذكاء الاصطناعي وتعلّم الآلة',
    subtitle: 'الشبكات العصبية والتعلم العميق',
    tags: ['ذكاء اصطناعي'],
    language: 'ar',
    instructor: 'ahmad',
  },
  {
    key: 'mgmt-ar',
    title: 'إدارة المشاريع الاحترافية PMP',
    subtitle: 'التخطيط والجدولة وإدارة المخاطر',
    tags: ['إدارة مشاريع'],
    language: 'ar',
    instructor: 'mostafa',
  },
  {
    key: 'hr-ar',
    title: 'مهارات القيادة والتواصل الفعّال',
    subtitle: 'بناء فريق العمل واتخاذ القرار',
    tags: ['تنمية بشرية'],
    language: 'ar',
    instructor: 'iman',
  },
  {
    key: 'fiqh',
    title: 'فقه العبادات: الطهارة والصلاة',
    subtitle: 'شرح ميسّر مع الأدلة',
    tags: ['فقه'],
    language: 'ar',
    instructor: 'yusuf',
  },
  {
    key: 'sirah',
    title: 'السيرة النبوية',
    subtitle: 'حياة النبي مُحَمَّدٍ ﷺ من المولد إلى الوفاة',
    tags: ['سيرة'],
    language: 'ar',
    instructor: 'yusuf',
  },
  {
    key: 'kids-code',
    title: 'البرمجة للأطفال باستخدام سكراتش',
    subtitle: 'ألعاب وقصص تفاعلية',
    tags: ['سكراتش', 'أطفال'],
    language: 'ar',
    instructor: 'lina',
  },
  {
    key: 'cooking',
    title: 'فـنّ الطبـــخ الشامي',
    subtitle: 'وصفات سهلة من المطبخ السوري',
    tags: ['طبخ'],
    language: 'ar',
    instructor: 'khaled',
  },
  {
    key: 'music',
    title: 'أساسيات الموسيقى العربية',
    subtitle: 'المقامات والإيقاع والعزف على العود',
    tags: ['موسيقى'],
    language: 'ar',
    instructor: 'khaled',
  },
  {
    key: 'firstaid',
    title: 'الإسعافات الأولية في بيئة العمل',
    subtitle: 'دورة مسؤول السلامة المهنية',
    tags: ['سلامة'],
    language: 'ar',
    instructor: 'mostafa',
  },
];

const PROGRAMMING_AR = ['py-ar', 'java-ar', 'kids-code'];
const PYTHON_ALL = ['py-ar', 'py-en', 'py-data'];
const PYTHON_LATIN = ['py-en', 'py-data'];
const EXCEL_ALL = ['excel-ar', 'excel-en', 'py-data'];

export const QUALITY_CASES: readonly QualityCase[] = [
  // Exact words, Arabic and English.
  { q: 'بايثون', expect: PYTHON_ALL, kind: 'exact', note: 'and python through the transliteration list' },
  { q: 'محاسبة', expect: ['acct-ar'], kind: 'exact' },
  { q: 'accounting', expect: ['acct-en'], kind: 'exact' },
  { q: 'photography', expect: ['photo-en'], kind: 'exact' },
  { q: 'التجويد', expect: ['tajweed'], kind: 'exact' },
  { q: 'الإملاء', expect: ['imla'], kind: 'exact' },
  { q: 'graphic design', expect: ['graphic-en'], kind: 'exact' },
  { q: 'sql', expect: ['data-en'], kind: 'exact' },
  { q: 'الذكاء الاصطناعي', expect: ['ai-ar'], kind: 'exact' },
  { q: 'النحو', expect: ['nahw'], kind: 'exact' },
  { q: 'فقه', expect: ['fiqh'], kind: 'exact' },
  { q: 'جافا', expect: ['java-ar'], kind: 'exact', note: 'exact before the six JavaScript courses found by prefix' },
  { q: 'react', expect: ['js-react'], kind: 'exact' },
  { q: 'typescript', expect: ['ts'], kind: 'exact' },
  { q: 'السيرة النبوية', expect: ['sirah'], kind: 'exact' },
  { q: 'سكراتش', expect: ['kids-code'], kind: 'exact' },
  { q: 'pandas', expect: ['py-data'], kind: 'exact' },
  { q: 'power bi', expect: ['data-en'], kind: 'exact' },
  { q: 'kotlin', expect: ['android-ar'], kind: 'exact' },
  { q: 'pmp', expect: ['mgmt-ar'], kind: 'exact' },
  { q: 'مبادئ المحاسبة المالية', expect: ['acct-ar'], kind: 'exact' },
  { q: 'Microsoft Excel Formulas', expect: ['excel-en'], kind: 'exact' },
  { q: 'مايكروسوفت', expect: ['excel-ar'], kind: 'exact' },
  { q: 'الحديث', expect: ['hadith'], kind: 'exact', note: 'js-ar (الحديثة) comes by prefix, after it' },
  { q: 'الشبكات العصبية', expect: ['ai-ar'], kind: 'exact' },
  { q: 'lightroom', expect: ['photo-en'], kind: 'exact' },
  { q: 'masterclass', expect: ['graphic-en', 'photo-en'], kind: 'exact' },
  { q: 'القيادة', expect: ['hr-ar'], kind: 'exact' },
  { q: 'الطبخ', expect: ['cooking'], kind: 'exact', note: 'the title writes it with tatweel' },

  // Prefixes: a word being typed.
  { q: 'prog', expect: ['py-en'], kind: 'prefix' },
  { q: 'برمج', expect: PROGRAMMING_AR, kind: 'prefix' },
  { q: 'photo', expect: ['photo-en'], kind: 'prefix' },
  { q: 'محاس', expect: ['acct-ar'], kind: 'prefix' },
  { q: 'تجو', expect: ['tajweed'], kind: 'prefix' },
  { q: 'javas', expect: ['js-en', 'js-node', 'ts'], kind: 'prefix' },
  { q: 'جافاسك', expect: ['js-ar', 'js-react', 'js-projects'], kind: 'prefix', note: 'a prefix is not transliterated' },
  { q: 'node', expect: ['js-node'], kind: 'prefix' },
  { q: 'انجل', expect: ['eng-ar'], kind: 'prefix' },
  { q: 'اكس', expect: ['excel-ar', 'py-data'], kind: 'prefix' },
  { q: 'market', expect: ['mkt-en'], kind: 'prefix' },
  { q: 'تسو', expect: ['mkt-ar'], kind: 'prefix' },
  { q: 'begin', expect: ['py-en', 'eng-en'], kind: 'prefix' },
  { q: 'spread', expect: ['excel-en'], kind: 'prefix' },
  { q: 'asynch', expect: ['js-en'], kind: 'prefix' },
  { q: 'محوري', expect: ['excel-ar'], kind: 'prefix' },
  { q: 'مخار', expect: ['tajweed'], kind: 'prefix' },
  { q: 'انست', expect: ['mkt-ar'], kind: 'prefix' },
  { q: 'الإعلان', expect: ['ps-ar', 'mkt-ar'], kind: 'prefix' },
  { q: 'تحليل البيا', expect: ['py-data'], kind: 'prefix' },

  // One typo in a word of five letters or more: substitution.
  { q: 'برمحة', expect: PROGRAMMING_AR, kind: 'typo-substitution' },
  { q: 'pyrhon', expect: PYTHON_LATIN, kind: 'typo-substitution', note: 'a typo in a transliterated term finds only its Latin spelling' },
  { q: 'accaunting', expect: ['acct-en'], kind: 'typo-substitution' },
  { q: 'مخاسبة', expect: ['acct-ar'], kind: 'typo-substitution' },
  { q: 'photograpgy', expect: ['photo-en'], kind: 'typo-substitution' },
  { q: 'grammer', expect: ['eng-en'], kind: 'typo-substitution' },
  { q: 'markiting', expect: ['mkt-en'], kind: 'typo-substitution' },
  { q: 'التجويذ', expect: ['tajweed'], kind: 'typo-substitution', note: 'checked without its article' },
  { q: 'فوتوشوت', expect: ['ps-ar'], kind: 'typo-substitution' },
  { q: 'linox', expect: ['linux-en'], kind: 'typo-substitution' },
  { q: 'dashbaords', expect: ['excel-en', 'data-en'], kind: 'typo-swap' },
  { q: 'finanse', expect: ['acct-en'], kind: 'typo-substitution' },
  { q: 'سكرانش', expect: ['kids-code'], kind: 'typo-substitution' },
  { q: 'الميزانيه العموميه', expect: ['acct-ar'], kind: 'taa-marbuta' },
  { q: 'المحاسبة المالبة', expect: ['acct-ar'], kind: 'typo-substitution' },

  // Insertion.
  { q: 'pythoon', expect: PYTHON_LATIN, kind: 'typo-insertion' },
  { q: 'accounnting', expect: ['acct-en'], kind: 'typo-insertion' },
  { q: 'محاسيبة', expect: ['acct-ar'], kind: 'typo-insertion' },
  { q: 'سكراتتش', expect: ['kids-code'], kind: 'typo-insertion' },
  { q: 'javasccript', expect: ['js-en'], kind: 'typo-insertion' },
  { q: 'بايثوون', expect: ['py-ar'], kind: 'typo-insertion', note: 'a typo in a transliterated term finds only its own script' },
  { q: 'photoography', expect: ['photo-en'], kind: 'typo-insertion' },
  { q: 'الاصطناعيي', expect: ['ai-ar'], kind: 'typo-insertion' },

  // Deletion.
  { q: 'pythn', expect: PYTHON_LATIN, kind: 'typo-deletion' },
  { q: 'acounting', expect: ['acct-en'], kind: 'typo-deletion' },
  { q: 'برمة', expect: PROGRAMMING_AR, kind: 'typo-deletion', note: 'a letter left out of a five-letter word leaves four' },
  { q: 'فوتوشب', expect: ['ps-ar'], kind: 'typo-deletion' },
  { q: 'تحليل البينات', expect: ['py-data'], kind: 'typo-deletion' },
  { q: 'grammr', expect: ['eng-en'], kind: 'typo-deletion' },
  { q: 'photgraphy', expect: ['photo-en'], kind: 'typo-deletion' },
  { q: 'exel', expect: ['excel-en'], kind: 'typo-deletion' },
  { q: 'الصوير', expect: ['photo-ar'], kind: 'typo-deletion', note: 'too short without its article, so checked whole' },
  { q: 'الفوتغرافي', expect: ['photo-ar'], kind: 'typo-deletion' },
  { q: 'javascrpt', expect: ['js-en'], kind: 'typo-deletion' },

  // Swap of neighbouring letters.
  { q: 'pyhton', expect: PYTHON_LATIN, kind: 'typo-swap' },
  { q: 'برجمة', expect: PROGRAMMING_AR, kind: 'typo-swap' },
  { q: 'acocunting', expect: ['acct-en'], kind: 'typo-swap' },
  { q: 'محسابة', expect: ['acct-ar'], kind: 'typo-swap' },
  { q: 'javascirpt', expect: ['js-en'], kind: 'typo-swap' },
  { q: 'التجيود', expect: ['tajweed'], kind: 'typo-swap' },
  { q: 'graphci', expect: ['graphic-en'], kind: 'typo-swap' },
  { q: 'linxu', expect: ['linux-en'], kind: 'typo-swap' },
  { q: 'النون السانكة', expect: ['tajweed'], kind: 'typo-swap' },
  { q: 'بمرجة', expect: PROGRAMMING_AR, kind: 'typo-swap' },

  // Hamza forms, both ways.
  { q: 'اساسيات', expect: ['py-ar', 'music'], kind: 'hamza' },
  { q: 'إكسل', expect: EXCEL_ALL, kind: 'hamza' },
  { q: 'اكسل', expect: EXCEL_ALL, kind: 'hamza' },
  { q: 'الانجليزية', expect: ['eng-ar'], kind: 'hamza' },
  { q: 'انترنت', expect: ['web-html'], kind: 'hamza' },
  { q: 'القران', expect: ['tajweed', 'quran-hifz'], kind: 'hamza' },
  { q: 'قرأن', expect: ['tajweed', 'quran-hifz'], kind: 'hamza' },
  { q: 'الاسعافات الاولية', expect: ['firstaid'], kind: 'hamza' },
  { q: 'مسئول', expect: ['firstaid'], kind: 'hamza', note: 'مسؤول and مسئول differ by one letter after folding: typo tolerance' },
  { q: 'مسوول', expect: ['firstaid'], kind: 'hamza' },
  { q: 'بيية', expect: ['firstaid'], kind: 'hamza' },
  { q: 'اندرويد', expect: ['android-ar'], kind: 'hamza' },
  { q: 'الاحتراف', expect: ['excel-ar', 'ps-ar', 'mgmt-ar'], kind: 'hamza' },
  { q: 'آلة', expect: ['ai-ar'], kind: 'hamza' },
  { q: 'ادارة', expect: ['mgmt-ar', 'linux-ar'], kind: 'hamza' },
  { q: 'انظمة', expect: ['linux-ar'], kind: 'hamza' },
  { q: 'كائنية', expect: ['java-ar'], kind: 'hamza' },
  { q: 'كاينية', expect: ['java-ar'], kind: 'hamza' },
  { q: 'القاري', expect: ['tajweed', 'quran-hifz', 'hadith'], kind: 'hamza' },
  { q: 'الأسانيد', expect: ['hadith'], kind: 'hamza' },
  { q: 'إيمان', expect: ['nahw', 'imla', 'hr-ar'], kind: 'hamza' },
  { q: 'ٱلإعراب', expect: ['nahw'], kind: 'hamza' },

  // Taa marbuta and haa.
  { q: 'برمجه', expect: PROGRAMMING_AR, kind: 'taa-marbuta' },
  { q: 'المحاسبه', expect: ['acct-ar'], kind: 'taa-marbuta' },
  { q: 'اللغه العربيه', expect: ['nahw'], kind: 'taa-marbuta' },
  { q: 'السيره', expect: ['sirah'], kind: 'taa-marbuta' },
  { q: 'الطهاره', expect: ['fiqh'], kind: 'taa-marbuta' },
  { q: 'الصلاه', expect: ['fiqh'], kind: 'taa-marbuta' },
  { q: 'التاء المربوطه', expect: ['imla'], kind: 'taa-marbuta' },
  { q: 'تنميه بشريه', expect: ['hr-ar'], kind: 'taa-marbuta' },
  { q: 'الهمزه المتوسطه', expect: ['imla'], kind: 'taa-marbuta' },

  // Alef maqsura and yaa.
  { q: 'الموسيقي', expect: ['music'], kind: 'alef-maqsura' },
  { q: 'موسيقى', expect: ['music'], kind: 'alef-maqsura' },
  { q: 'مصطفي', expect: ['excel-ar', 'acct-ar', 'mgmt-ar', 'firstaid'], kind: 'alef-maqsura' },
  { q: 'المستوي', expect: ['nahw'], kind: 'alef-maqsura' },
  { q: 'الفصحي', expect: ['nahw'], kind: 'alef-maqsura' },
  { q: 'الاصطناعى', expect: ['ai-ar'], kind: 'alef-maqsura' },
  { q: 'عربى', expect: ['nahw', 'music'], kind: 'alef-maqsura' },
  { q: 'النبى', expect: ['sirah'], kind: 'alef-maqsura' },

  // Tashkeel in the query.
  { q: 'البَرْمَجَة', expect: PROGRAMMING_AR, kind: 'tashkeel-query' },
  { q: 'مُحاسَبة', expect: ['acct-ar'], kind: 'tashkeel-query' },
  { q: 'التَّجْوِيد', expect: ['tajweed'], kind: 'tashkeel-query' },
  { q: 'السِّيرَة', expect: ['sirah'], kind: 'tashkeel-query' },
  { q: 'فِقْه', expect: ['fiqh'], kind: 'tashkeel-query' },
  { q: 'إِكْسِل', expect: EXCEL_ALL, kind: 'tashkeel-query' },

  // Tashkeel in the title, not in the query.
  { q: 'حفظ القران الكريم', expect: ['quran-hifz'], kind: 'tashkeel-title' },
  { q: 'حفظ', expect: ['quran-hifz'], kind: 'tashkeel-title' },
  { q: 'محمد', expect: ['sirah'], kind: 'tashkeel-title' },
  { q: 'الميسر', expect: ['nahw', 'fiqh'], kind: 'tashkeel-title' },
  { q: 'الفعال', expect: ['hr-ar'], kind: 'tashkeel-title' },
  { q: 'تعلم', expect: ['py-ar', 'ai-ar'], kind: 'tashkeel-title' },
  { q: 'خطوة بخطوة', expect: ['py-ar', 'js-ar'], kind: 'tashkeel-title' },

  // Tatweel, in the query and in the title.
  { q: 'الطبـــخ', expect: ['cooking'], kind: 'tatweel' },
  { q: 'برمجـــة', expect: PROGRAMMING_AR, kind: 'tatweel' },
  { q: 'فن الطبخ', expect: ['cooking'], kind: 'tatweel' },
  { q: 'المحاسـبة', expect: ['acct-ar'], kind: 'tatweel' },

  // The definite article and the words fused with it.
  { q: 'البايثون', expect: PYTHON_ALL, kind: 'article' },
  { q: 'التسويق', expect: ['mkt-ar', 'mkt-en'], kind: 'article' },
  { q: 'تسويق', expect: ['mkt-ar', 'mkt-en'], kind: 'article' },
  { q: 'والتصميم', expect: ['web-html', 'ps-ar'], kind: 'article' },
  { q: 'بالعربية', expect: ['nahw', 'music'], kind: 'article' },
  { q: 'هاتف', expect: ['photo-ar'], kind: 'article' },
  { q: 'الجافا', expect: ['java-ar'], kind: 'article', note: 'exact (جافا) before the JavaScript courses found by prefix' },
  { q: 'فالبرمجة', expect: PROGRAMMING_AR, kind: 'article' },
  { q: 'والمحاسبة', expect: ['acct-ar'], kind: 'article' },
  { q: 'مواقع', expect: ['web-html'], kind: 'article' },
  { q: 'الإسعافات', expect: ['firstaid'], kind: 'article' },
  { q: 'مقامات', expect: ['music'], kind: 'article' },

  // Stop words: they rank, they do not narrow.
  { q: 'دورة في البرمجة من الصفر', expect: ['py-ar'], kind: 'stop-words' },
  { q: 'how to learn python', expect: ['py-en'], kind: 'stop-words' },
  { q: 'the complete javascript course', expect: ['js-en'], kind: 'stop-words' },
  { q: 'ما هو الذكاء الاصطناعي', expect: ['ai-ar'], kind: 'stop-words' },
  { q: 'إكسل من البداية إلى الاحتراف', expect: ['excel-ar'], kind: 'stop-words' },
  { q: 'english for beginners', expect: ['eng-en'], kind: 'stop-words' },
  { q: 'أحكام التجويد برواية حفص عن عاصم', expect: ['tajweed'], kind: 'stop-words' },
  { q: 'data analysis with sql', expect: ['data-en'], kind: 'stop-words' },
  { q: 'كيف تطوير تطبيقات أندرويد', expect: ['android-ar'], kind: 'stop-words' },

  // Arabic and English in one query.
  { q: 'تحليل البيانات Python', expect: ['py-data'], kind: 'mixed' },
  { q: 'بايثون Pandas', expect: ['py-data'], kind: 'mixed' },
  { q: 'تطبيقات Kotlin', expect: ['android-ar'], kind: 'mixed' },
  { q: 'تصميم HTML', expect: ['web-html'], kind: 'mixed' },
  { q: 'Excel الجداول المحورية', expect: ['excel-ar'], kind: 'mixed' },
  { q: 'مشاريع PMP', expect: ['mgmt-ar'], kind: 'mixed' },
  { q: 'ES6 جافاسكريبت', expect: ['js-ar'], kind: 'mixed' },
  { q: 'SEO تسويق', expect: ['mkt-en'], kind: 'mixed' },
  { q: 'Photoshop تعديل الصور', expect: ['ps-ar'], kind: 'mixed' },
  { q: 'Bash لينكس', expect: ['linux-en'], kind: 'mixed' },
  { q: 'تعلم python من الصفر', expect: ['py-ar'], kind: 'mixed', note: 'python through بايثون' },
  { q: 'CSS مواقع', expect: ['web-html'], kind: 'mixed' },

  // Transliterations, both ways.
  { q: 'python', expect: PYTHON_ALL, kind: 'transliteration' },
  { q: 'javascript المكونات', expect: ['js-react'], kind: 'transliteration', note: 'the course writes جافاسكريبت' },
  { q: 'جافاسكربت backend', expect: ['js-node'], kind: 'transliteration', note: 'the course writes JavaScript' },
  { q: 'جافاسكربت الواجهات', expect: ['js-ar'], kind: 'transliteration', note: 'the other Arabic spelling' },
  { q: 'java', expect: ['java-ar'], kind: 'transliteration', note: 'seven courses match, جافا exactly and the JavaScript ones by prefix: exact ranks first' },
  { q: 'excel', expect: EXCEL_ALL, kind: 'transliteration' },
  { q: 'photoshop', expect: ['ps-ar'], kind: 'transliteration' },
  { q: 'فوتوشوب', expect: ['ps-ar'], kind: 'transliteration' },
  { q: 'marketing', expect: ['mkt-en', 'mkt-ar'], kind: 'transliteration' },
  { q: 'android', expect: ['android-ar'], kind: 'transliteration' },
  { q: 'linux', expect: ['linux-en', 'linux-ar'], kind: 'transliteration' },
  { q: 'لينكس', expect: ['linux-ar', 'linux-en'], kind: 'transliteration' },
  { q: 'أندرويد', expect: ['android-ar'], kind: 'transliteration' },

  // English upper and mixed case.
  { q: 'PYTHON', expect: PYTHON_ALL, kind: 'english-case' },
  { q: 'ExCeL', expect: EXCEL_ALL, kind: 'english-case' },
  { q: 'JAVASCRIPT Course', expect: ['js-en'], kind: 'english-case' },
  { q: 'LINUX', expect: ['linux-en', 'linux-ar'], kind: 'english-case' },
  { q: 'Digital MARKETING', expect: ['mkt-en'], kind: 'english-case' },
  { q: 'Accounting FUNDAMENTALS', expect: ['acct-en'], kind: 'english-case' },
  { q: 'PYHTON', expect: PYTHON_LATIN, kind: 'english-case', note: 'upper case and a swap' },

  // The instructor's name.
  { q: 'مصطفى الشناوي', expect: ['excel-ar', 'acct-ar', 'mgmt-ar', 'firstaid'], kind: 'instructor' },
  { q: 'sarah johnson', expect: ['py-en', 'js-en', 'graphic-en', 'photo-en'], kind: 'instructor' },
  { q: 'الأزهري', expect: ['fiqh', 'sirah'], kind: 'instructor' },

  // Arabic-Indic digits.
  { q: 'اكسل ٣٦٥', expect: ['excel-en'], kind: 'digits' },
  { q: 'excel ۳۶۵', expect: ['excel-en'], kind: 'digits' },
];
