// The demo catalogue's words: instructors' profiles and courses with their descriptions, step-2 lists and outlines.
// Its artwork (covers, avatars) is drawn by scripts/make-demo-art.mjs into seed/media/ under the keys named here.

export interface DemoInstructor {
  email: string;
  name: string;
  headline: string;
  bio: string;
  /** seed/media/avatar-<key>.png */
  avatar: string;
}

export const DEMO_INSTRUCTORS: DemoInstructor[] = [
  {
    email: 'instructor@example.com',
    name: 'د. سلمى الحربي',
    headline: 'مهندسة بيانات ومدرّبة برمجة بلغة بايثون',
    bio: 'حاصلة على الدكتوراه في علوم الحاسب، وعملت عشر سنوات في تحليل البيانات لدى شركات الاتصالات. درّبت أكثر من ثلاثة آلاف متعلم على البرمجة من الصفر، وتؤمن بأن كل شخص يستطيع أن يكتب أول برنامج له في أسبوع.',
    avatar: 'salma',
  },
  {
    email: 'instructor2@example.com',
    name: 'Omar Haddad',
    headline: 'Senior front-end engineer and startup mentor',
    bio: 'Omar has built web products for fifteen years, from agency sites to a fintech app used by half a million people. He mentors early-stage founders in Amman and Dubai and teaches in both English and Arabic.',
    avatar: 'omar',
  },
  {
    email: 'instructor3@example.com',
    name: 'أ. خالد المنصوري',
    headline: 'خطاط ومعلّم لخطَّي النسخ والثلث',
    bio: 'تعلّم الخط على يد كبار الخطاطين ونال الإجازة في خطَّي النسخ والثلث. يدرّس الخط العربي والقراءة والكتابة للمبتدئين منذ عشرين عامًا، وشارك في معارض للخط في الشارقة وإسطنبول.',
    avatar: 'khaled',
  },
  {
    email: 'instructor4@example.com',
    name: 'Dr. Lina Farouk',
    headline: 'Astrophysicist and science communicator',
    bio: 'Lina studies variable stars and runs a public observatory night every month. She has taught introductory astronomy at university for nine years and believes the sky is the best classroom there is.',
    avatar: 'lina',
  },
  {
    email: 'instructor5@example.com',
    name: 'م. ريم العتيبي',
    headline: 'مصممة تجربة مستخدم ومدرّبة إنتاجية',
    bio: 'صمّمت واجهات تطبيقات مصرفية وحكومية يستخدمها الملايين، وتقود اليوم فريق تصميم في الرياض. تكتب وتدرّب في تنظيم الوقت والعمل العميق للمصممين والمطورين.',
    avatar: 'reem',
  },
];

type Level = 'beginner' | 'intermediate' | 'advanced' | 'all';
export interface DemoCourse {
  /** seed/media/cover-<key>.png, and how other seed code names the course. */
  key: string;
  category: string;
  instructor: number;
  title: string;
  subtitle: string;
  language: 'ar' | 'en';
  level: Level;
  price: number;
  tags?: string[];
  coverAlt: string;
  /** Rich text as the editor saves it. */
  description: string;
  learnPoints: string[];
  requirements: string[];
  audience: string[];
  /** [section title, lecture titles] */
  outline: [string, string[]][];
}

export const DEMO_COURSES: DemoCourse[] = [
  {
    key: 'python', category: 'programming', instructor: 0, language: 'ar', level: 'beginner', price: 0, tags: ['بايثون', 'Python', 'برمجة'],
    title: 'أساسيات البرمجة بلغة بايثون',
    subtitle: 'ابدأ رحلتك في البرمجة خطوة بخطوة',
    coverAlt: 'نافذة محرر فيها أسطر برمجية بجانب قوسَي وسم باللون الأصفر على خلفية فيروزية',
    description:
      '<p>هذه الدورة مدخلك الهادئ إلى عالم البرمجة. ستكتب أول برنامج لك بلغة <strong>بايثون</strong> في الدرس الأول، ثم تتعلم المتغيرات والشروط والحلقات والدوال بأمثلة من حياتك اليومية.</p><p>كل درس قصير ويُختم بتمرين تطبّقه بنفسك، وفي نهاية الدورة تبني برنامجًا صغيرًا يدير قائمة مهامك.</p>',
    learnPoints: ['كتابة برامج بايثون وتشغيلها على جهازك', 'استخدام المتغيرات والشروط والحلقات', 'تقسيم البرنامج إلى دوال واضحة', 'قراءة رسائل الأخطاء وإصلاحها'],
    requirements: ['حاسوب يعمل بنظام ويندوز أو ماك أو لينكس', 'لا تلزم أي خبرة سابقة في البرمجة'],
    audience: ['المبتدئون الذين يريدون تعلم البرمجة من الصفر', 'الطلاب الذين يستعدون لتخصص علوم الحاسب'],
    outline: [
      ['مقدمة', ['مرحبًا بك في الدورة', 'تثبيت بايثون ومحرر الأكواد']],
      ['أساسيات اللغة', ['المتغيرات وأنواع البيانات', 'الشروط واتخاذ القرار', 'الحلقات التكرارية', 'الدوال']],
      ['مشروع تطبيقي', ['بناء قائمة مهام', 'الخلاصة والخطوات التالية']],
    ],
  },
  {
    key: 'typescript', category: 'programming', instructor: 1, language: 'en', level: 'intermediate', price: 49, tags: ['TypeScript', 'web'],
    title: 'Modern Web Development with TypeScript',
    subtitle: 'Types, tooling and tests for real projects',
    coverAlt: 'Angle brackets in light blue beside a code editor window on a dark blue background',
    description:
      '<p>You know some JavaScript and want code that does not break when it grows. This course takes a small web app from plain JavaScript to <strong>strict TypeScript</strong>, with a fast build and tests you trust.</p><p>Every section ends with a change to the same project, so by the last lecture you have a codebase you could put in front of a team.</p>',
    learnPoints: ['Model your data with types, unions and generics', 'Set up a modern build with Vite and ESLint', 'Write unit tests with Vitest', 'Migrate an existing JavaScript project step by step'],
    requirements: ['Comfortable with basic JavaScript (functions, arrays, objects)', 'Node.js installed on your computer'],
    audience: ['Front-end developers moving to TypeScript', 'Back-end developers who want safer web code'],
    outline: [
      ['Getting started', ['Why TypeScript', 'Setting up the project']],
      ['The type system', ['Everyday types', 'Unions and narrowing', 'Generics without fear']],
      ['Shipping with confidence', ['Linting and formatting', 'Testing with Vitest', 'Migrating a JavaScript codebase']],
    ],
  },
  {
    key: 'ui-design', category: 'design', instructor: 4, language: 'ar', level: 'beginner', price: 0, tags: ['تصميم', 'UI'],
    title: 'مبادئ تصميم واجهات المستخدم',
    subtitle: 'الألوان والخطوط والمسافات',
    coverAlt: 'دائرة ومربع ومثلث متداخلة يعبرها منحنى قلم تصميم على خلفية وردية',
    description:
      '<p>لماذا تبدو بعض الواجهات مريحة وأخرى مزدحمة؟ في هذه الدورة تتعلم القواعد التي يستخدمها المصممون المحترفون في <strong>الألوان والخطوط والمسافات</strong> والتسلسل البصري.</p><p>نطبّق كل مبدأ على شاشة حقيقية لتطبيق عربي، ونراعي اتجاه الكتابة من اليمين إلى اليسار في كل خطوة.</p>',
    learnPoints: ['اختيار لوحة ألوان متناسقة وسهلة القراءة', 'تنسيق الخطوط العربية واللاتينية معًا', 'استخدام المسافات والشبكات لترتيب الصفحة', 'تصميم واجهات تدعم الاتجاه من اليمين إلى اليسار'],
    requirements: ['لا تلزم خبرة سابقة في التصميم', 'أي أداة تصميم مجانية مثل Figma'],
    audience: ['المطورون الذين يريدون واجهات أجمل', 'المبتدئون في تصميم تجربة المستخدم'],
    outline: [
      ['مدخل', ['ما الذي يجعل الواجهة جيدة؟', 'أدوات المصمم']],
      ['العناصر الأساسية', ['الألوان والتباين', 'الخطوط والطباعة العربية', 'المسافات والشبكات']],
      ['التطبيق', ['إعادة تصميم شاشة تسجيل الدخول', 'مراجعة نهائية']],
    ],
  },
  {
    key: 'small-business', category: 'business', instructor: 1, language: 'en', level: 'all', price: 0, tags: ['business', 'startup'],
    title: 'Starting a Small Business',
    subtitle: 'From idea to first customer',
    coverAlt: 'A rising bar chart with an upward arrow on an orange background',
    description:
      '<p>Most small businesses do not fail for lack of effort; they fail because nobody checked whether customers wanted the product. This course walks you from an idea to your <strong>first paying customer</strong> with as little money as possible.</p><ul><li>Test your idea in a week</li><li>Price it so it pays you</li><li>Find your first ten customers</li></ul>',
    learnPoints: ['Validate an idea before spending money', 'Write a one-page business plan', 'Set a price that covers your costs', 'Reach your first customers online and offline'],
    requirements: ['An idea, even a rough one', 'No business background needed'],
    audience: ['People planning a side business', 'Freelancers who want to grow into a company'],
    outline: [
      ['The idea', ['Welcome', 'Finding a problem worth solving', 'Talking to customers']],
      ['The business', ['The one-page plan', 'Pricing and costs']],
      ['Launch', ['Your first ten customers', 'What to do next']],
    ],
  },
  {
    key: 'english', category: 'languages', instructor: 1, language: 'ar', level: 'beginner', price: 25, tags: ['إنجليزي', 'English'],
    title: 'الإنجليزية للمبتدئين',
    subtitle: 'محادثات يومية ومفردات أساسية',
    coverAlt: 'فقاعتا حوار متقابلتان باللونين الأبيض والوردي على خلفية بنفسجية',
    description:
      '<p>دورة عملية لمن يريد أن يتحدث الإنجليزية في المواقف اليومية: التعارف والتسوق والسفر والعمل. الشرح بالعربية، والحوارات بالإنجليزية بصوت واضح وبطيء.</p><p>تتعلم في كل درس نحو عشرين كلمة جديدة وتراها في حوار حقيقي، ثم تتدرب على نطقها.</p>',
    learnPoints: ['التعريف بنفسك وبعملك بثقة', 'أكثر من 300 كلمة وعبارة يومية', 'طرح الأسئلة وفهم الإجابات', 'أساسيات القواعد دون تعقيد'],
    requirements: ['معرفة الحروف الإنجليزية فقط'],
    audience: ['المبتدئون تمامًا في اللغة الإنجليزية', 'من يستعد للسفر أو لمقابلة عمل'],
    outline: [
      ['البداية', ['كيف تستفيد من الدورة', 'التحية والتعارف']],
      ['مواقف يومية', ['في المتجر', 'في المطار والفندق', 'في العمل']],
      ['تدريب', ['حوارات للمراجعة', 'الخطوة التالية']],
    ],
  },
  {
    key: 'astronomy', category: 'science', instructor: 3, language: 'en', level: 'beginner', price: 0, tags: ['astronomy', 'space'],
    title: 'Introduction to Astronomy',
    subtitle: 'Stars, planets and how we know',
    coverAlt: 'An orange ringed planet and its orbit among stars on a night-blue background',
    description:
      '<p>How far away is a star, and how can anyone possibly know? This course answers the questions everyone asks when looking up, using nothing more than <strong>school mathematics</strong> and a clear night.</p><p>You will learn to find planets and constellations yourself, and to read the news about new discoveries with a critical eye.</p>',
    learnPoints: ['Find the bright planets and constellations', 'Understand how distances in space are measured', 'Explain the life of a star', 'Read astronomy news critically'],
    requirements: ['Curiosity; no telescope needed'],
    audience: ['Anyone who has looked up and wondered', 'Teachers looking for ideas for their classes'],
    outline: [
      ['Looking up', ['Welcome', 'Reading the night sky']],
      ['Our neighbourhood', ['The solar system', 'Moons, comets and asteroids']],
      ['Beyond', ['The life of a star', 'Galaxies and the expanding universe', 'How we know: light and distance']],
    ],
  },
  {
    key: 'time-management', category: 'personal-development', instructor: 4, language: 'ar', level: 'all', price: 0, tags: ['إنتاجية'],
    title: 'إدارة الوقت بفعالية',
    subtitle: 'عادات صغيرة ونتائج كبيرة',
    coverAlt: 'ساعة حائط بيضاء بجانب درجات سلم صاعدة على خلفية برتقالية',
    description:
      '<p>لا تحتاج إلى يوم أطول، بل إلى طريقة أوضح لتقرر ما تفعله الآن. تعرض هذه الدورة أساليب مجرّبة مثل <strong>مصفوفة الأولويات</strong> وتقنية البومودورو والمراجعة الأسبوعية.</p><p>ستخرج بخطة أسبوعية تناسب حياتك، وبعادات صغيرة تحافظ عليها بعد انتهاء الدورة.</p>',
    learnPoints: ['ترتيب المهام حسب الأهمية والإلحاح', 'العمل بتركيز في فترات قصيرة', 'التخطيط الأسبوعي والمراجعة', 'التعامل مع المقاطعات والتسويف'],
    requirements: ['دفتر وقلم أو تطبيق ملاحظات'],
    audience: ['الموظفون وأصحاب الأعمال', 'الطلاب في فترات الاختبارات'],
    outline: [
      ['لماذا نفقد الوقت؟', ['مقدمة الدورة', 'أين يذهب يومك؟']],
      ['الأدوات', ['مصفوفة الأولويات', 'تقنية البومودورو', 'المراجعة الأسبوعية']],
      ['العادات', ['التغلب على التسويف', 'خطتك للأسابيع القادمة']],
    ],
  },
  {
    key: 'naskh', category: 'arabic-calligraphy', instructor: 2, language: 'ar', level: 'beginner', price: 30, tags: ['خط النسخ', 'خط عربي'],
    title: 'فن الخط العربي: خط النسخ',
    subtitle: 'تعلم الحروف وقواعد الكتابة',
    coverAlt: 'نقاط معيّنة الشكل لقياس الحرف وجرة قلم منحنية وقلم قصب على خلفية بنية',
    description:
      '<p>خط النسخ هو خط المصاحف والكتب، وهو أفضل بداية لكل من يحب الخط العربي. تتعلم في هذه الدورة <strong>بري القلم</strong> وضبط النِّسَب بالنقاط، ثم الحروف المفردة فالمركّبة.</p><p>يعرض المعلّم كل حرف ببطء من زاويتين، مع كراسة تمارين تطبعها وتكتب عليها.</p>',
    learnPoints: ['بري قلم القصب وتجهيز الحبر والورق', 'قياس الحروف بالنقاط', 'كتابة الحروف المفردة والمتصلة', 'كتابة جملة كاملة بتوازن'],
    requirements: ['قلم خط (قصب أو قلم خط عريض)', 'ورق أملس وحبر'],
    audience: ['محبو الخط العربي من كل الأعمار', 'المعلمون الذين يريدون تحسين خطهم'],
    outline: [
      ['الأدوات', ['مرحبًا بك', 'بري القلم وتجهيز الحبر']],
      ['الحروف المفردة', ['الألف والباء ونظائرهما', 'الجيم والدال والراء', 'السين والصاد والعين']],
      ['التركيب', ['وصل الحروف', 'كتابة أول جملة']],
    ],
  },
  {
    key: 'data-analysis', category: 'programming', instructor: 0, language: 'ar', level: 'intermediate', price: 39, tags: ['بايثون', 'بيانات', 'pandas'],
    title: 'تحليل البيانات بلغة بايثون ومكتبة pandas',
    subtitle: 'من جدول خام إلى قرار واضح',
    coverAlt: 'رسم بياني بأعمدة صاعدة وسهم نمو على خلفية خضراء',
    description:
      '<p>لديك ملف Excel كبير وسؤال واحد تريد إجابته. في هذه الدورة تتعلم تحميل البيانات وتنظيفها وتلخيصها برسوم بيانية باستخدام <strong>pandas</strong>، على بيانات حقيقية لمبيعات متجر إلكتروني.</p><p>تنتهي الدورة بتقرير كامل تستطيع عرضه على فريقك.</p>',
    learnPoints: ['تحميل ملفات CSV وExcel في pandas', 'تنظيف البيانات الناقصة والمكررة', 'التجميع والتلخيص والجداول المحورية', 'رسم النتائج وعرضها في تقرير'],
    requirements: ['أساسيات بايثون (المتغيرات والدوال)', 'حاسوب مثبت عليه بايثون'],
    audience: ['المحللون الذين يعملون على Excel ويريدون أدوات أقوى', 'خريجو دورة أساسيات البرمجة بلغة بايثون'],
    outline: [
      ['البداية', ['ما هو تحليل البيانات؟', 'تجهيز بيئة العمل']],
      ['العمل مع البيانات', ['تحميل البيانات', 'تنظيف البيانات', 'التجميع والتلخيص']],
      ['العرض', ['الرسوم البيانية', 'كتابة التقرير']],
    ],
  },
  {
    key: 'arabic-beginners', category: 'languages', instructor: 2, language: 'en', level: 'beginner', price: 19, tags: ['Arabic', 'عربي'],
    title: 'Arabic for Beginners: Reading and Writing',
    subtitle: 'The alphabet, the sounds and your first sentences',
    coverAlt: 'Two speech bubbles in white and yellow on a green background',
    description:
      '<p>Learn to read and write Arabic from the very first letter. Each lecture introduces a few letters, how they join, and how they sound, then you read real words with them straight away.</p><p>By the end you can <strong>read simple texts aloud</strong> and write short sentences about yourself.</p>',
    learnPoints: ['Read and write all 28 letters in their joined forms', 'Pronounce the sounds English does not have', 'Read short vowels and everyday words', 'Write simple sentences about yourself'],
    requirements: ['No Arabic at all; just pen and paper'],
    audience: ['Complete beginners in Arabic', 'Heritage learners who speak but cannot read'],
    outline: [
      ['First letters', ['Welcome', 'How Arabic writing works']],
      ['The alphabet', ['Letters that look alike', 'Sounds English does not have', 'Short and long vowels']],
      ['Reading', ['Reading your first words', 'Writing about yourself']],
    ],
  },
];

/**
 * A lecture's length as the outline shows it: 4 to 20 minutes, so a course reads like one. The stored
 * videos are short clips; completion follows the clip's real length (docs/demo.md).
 */
export function demoLectureSeconds(course: number, lecture: number): number {
  return (4 + ((course * 7 + lecture * 11) % 17)) * 60 + ((course * 13 + lecture * 23) % 60);
}
