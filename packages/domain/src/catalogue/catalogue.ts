import { INSTRUCTORS } from './instructors';
import type { Instructor } from './instructors';
import type { Badge, Category, Level } from '../common';

export interface Course {
  id: number;
  /** The course page's address segment, /courses/{slug}: derived from the name (see slugify). */
  slug: string;
  name: string;
  desc: string;
  category: Category;
  /** Key of an icon in the site's inline SVG set. */
  icon: CourseIcon;
  badge?: Badge;
  rating: number;
  students: number;
  duration: string;
  level: Level;
  /** Shown as '% Seats Filled' on cards and '% complete' in the preview. */
  progress: number;
  /** Rupees. */
  price: number;
  topics: string[];
  learningOutcomes: string[];
  instructor: Instructor;
  details: string;
}

export const COURSE_ICONS = [
  'code',
  'brain',
  'cloud',
  'shield',
  'globe',
  'chip',
  'bolt',
  'gear',
  'chart',
  'palette',
  'flask',
  'phone',
] as const;
export type CourseIcon = (typeof COURSE_ICONS)[number];

/**
 * The catalogue: every course as the spec lists it, one entry each, kept as a table (one course per few
 * lines, not one field per line) so that a course reads at a glance. courses.ts numbers and slugs them.
 */
export type CatalogueRow = Omit<Course, 'id' | 'slug'>;

// prettier-ignore
export const CATALOGUE: readonly CatalogueRow[] = [
  {
    name: 'Python Programming Foundations', category: 'Core Programming', icon: 'code', badge: 'Popular', level: 'Beginner',
    desc: 'Write clean, idiomatic Python from day one: data types, functions, files and testing.',
    rating: 4.8, students: 4820, duration: '8 weeks', progress: 82, price: 3399,
    topics: ['Variables and data types', 'Control flow and functions', 'Lists, dicts and comprehensions', 'Files and exceptions', 'Unit testing with pytest'],
    learningOutcomes: ['Write and test Python scripts confidently', 'Automate everyday file and data tasks', 'Read and structure larger codebases'],
    instructor: INSTRUCTORS.ananya,
    details: 'Live sessions on your batch’s days, coding exercises reviewed by mentors, and a capstone that automates a real workflow.',
  },
  {
    name: 'Java and Object-Oriented Design', category: 'Core Programming', icon: 'code', level: 'Intermediate',
    desc: 'Master classes, interfaces, collections and design patterns the way industry teams use them.',
    rating: 4.6, students: 3110, duration: '10 weeks', progress: 64, price: 3459,
    topics: ['Classes, interfaces and generics', 'Collections and streams', 'SOLID principles', 'Common design patterns', 'Build tools and testing'],
    learningOutcomes: ['Design maintainable object-oriented systems', 'Use streams and collections fluently', 'Refactor legacy code safely'],
    instructor: INSTRUCTORS.rahul,
    details: 'Project-based: you build and refactor a library-management system across the cohort, with code reviews every week.',
  },
  {
    name: 'Data Structures and Algorithms in C++', category: 'Core Programming', icon: 'code', badge: 'Trending', level: 'Advanced',
    desc: 'Crack technical interviews with graphs, dynamic programming and complexity analysis in modern C++.',
    rating: 4.7, students: 2890, duration: '12 weeks', progress: 71, price: 3549,
    topics: ['Complexity analysis', 'Trees and heaps', 'Graph algorithms', 'Dynamic programming', 'Interview problem patterns'],
    learningOutcomes: ['Solve medium and hard interview problems', 'Choose the right data structure quickly', 'Explain trade-offs clearly under pressure'],
    instructor: INSTRUCTORS.vikram,
    details: 'Includes six mock interviews with engineers from product companies and a library of 200 graded problems.',
  },
  {
    name: 'Machine Learning with Python', category: 'AI & Data', icon: 'brain', badge: 'Popular', level: 'Intermediate',
    desc: 'Train, evaluate and ship models with scikit-learn, from regression to gradient boosting.',
    rating: 4.9, students: 5210, duration: '12 weeks', progress: 88, price: 3589,
    topics: ['Supervised learning', 'Feature engineering', 'Model evaluation', 'Ensembles and boosting', 'Deploying a model as an API'],
    learningOutcomes: ['Frame business problems as ML tasks', 'Build reliable evaluation pipelines', 'Deploy a model behind an API'],
    instructor: INSTRUCTORS.priya,
    details: 'Work on three real datasets (retail, health and finance) and present your capstone to a panel of data leaders.',
  },
  {
    name: 'Data Analytics with SQL and Power BI', category: 'AI & Data', icon: 'chart', level: 'Beginner',
    desc: 'Turn raw tables into decisions: SQL queries, data modelling and dashboards people actually use.',
    rating: 4.7, students: 4380, duration: '8 weeks', progress: 76, price: 3429,
    topics: ['SQL joins and window functions', 'Data cleaning', 'Star-schema modelling', 'Power BI dashboards', 'Storytelling with data'],
    learningOutcomes: ['Query any relational database with confidence', 'Design dashboards for managers', 'Present insights that drive action'],
    instructor: INSTRUCTORS.meera,
    details: 'Every module ends with a dashboard built on a public Indian or US dataset for your portfolio.',
  },
  {
    name: 'Deep Learning and Generative AI', category: 'AI & Data', icon: 'brain', badge: 'New', level: 'Advanced',
    desc: 'Neural networks, transformers and large language models, with hands-on fine-tuning and evaluation.',
    rating: 4.8, students: 2140, duration: '14 weeks', progress: 58, price: 3589,
    topics: ['Neural network fundamentals', 'CNNs and vision', 'Transformers and attention', 'Fine-tuning LLMs', 'Evaluating generative models'],
    learningOutcomes: ['Train and fine-tune deep models', 'Build a retrieval-augmented assistant', 'Measure and reduce model hallucinations'],
    instructor: INSTRUCTORS.daniel,
    details: 'GPU credits are included for the course; the capstone is a domain assistant you design and evaluate.',
  },
  {
    name: 'AWS Cloud Practitioner to Architect', category: 'Cloud & DevOps', icon: 'cloud', badge: 'Popular', level: 'Intermediate',
    desc: 'Design secure, cost-aware architectures on AWS and prepare for the Solutions Architect exam.',
    rating: 4.7, students: 3970, duration: '10 weeks', progress: 79, price: 3529,
    topics: ['IAM and networking', 'Compute and storage', 'Databases on AWS', 'High availability', 'Cost optimisation'],
    learningOutcomes: ['Design multi-tier architectures', 'Secure accounts with least privilege', 'Pass the Associate certification'],
    instructor: INSTRUCTORS.marcus,
    details: 'Sandbox accounts are provided; includes two full-length practice exams with walkthroughs.',
  },
  {
    name: 'DevOps with Docker, Kubernetes and CI/CD', category: 'Cloud & DevOps', icon: 'gear', badge: 'Trending', level: 'Advanced',
    desc: 'Containerise apps, orchestrate them on Kubernetes and automate delivery end to end.',
    rating: 4.8, students: 2760, duration: '12 weeks', progress: 69, price: 3569,
    topics: ['Containers and images', 'Kubernetes workloads', 'Helm and GitOps', 'CI/CD pipelines', 'Observability'],
    learningOutcomes: ['Ship services through automated pipelines', 'Operate Kubernetes clusters', 'Set up monitoring and alerting'],
    instructor: INSTRUCTORS.james,
    details: 'You run a microservice platform through the whole course, from a first Dockerfile to blue-green deployments.',
  },
  {
    name: 'Linux and Shell Scripting Essentials', category: 'Cloud & DevOps', icon: 'gear', level: 'Beginner',
    desc: 'Feel at home on the command line: files, processes, permissions and Bash automation.',
    rating: 4.5, students: 3320, duration: '6 weeks', progress: 61, price: 3359,
    topics: ['The Linux file system', 'Users and permissions', 'Processes and services', 'Bash scripting', 'Networking basics'],
    learningOutcomes: ['Administer a Linux server', 'Automate routine tasks with scripts', 'Troubleshoot common system issues'],
    instructor: INSTRUCTORS.arjun,
    details: 'Hands-on labs in the live classes, on a free-tier cloud account of your own.',
  },
  {
    name: 'Ethical Hacking and Penetration Testing', category: 'Security', icon: 'shield', badge: 'Popular', level: 'Intermediate',
    desc: 'Think like an attacker: reconnaissance, exploitation and reporting in a legal lab environment.',
    rating: 4.8, students: 3640, duration: '12 weeks', progress: 84, price: 3559,
    topics: ['Reconnaissance', 'Web application attacks', 'Network exploitation', 'Privilege escalation', 'Professional reporting'],
    learningOutcomes: ['Run a scoped penetration test', 'Find and explain OWASP Top 10 flaws', 'Write reports clients can act on'],
    instructor: INSTRUCTORS.vikram,
    details: 'All practice happens in a private cyber range; ends with a capture-the-flag competition between cohorts.',
  },
  {
    name: 'Security Operations and Incident Response', category: 'Security', icon: 'shield', level: 'Advanced',
    desc: 'Detect, triage and contain real attacks with SIEM tools, threat intelligence and playbooks.',
    rating: 4.6, students: 1580, duration: '10 weeks', progress: 47, price: 3539,
    topics: ['SIEM and log analysis', 'Threat intelligence', 'Malware triage', 'Incident playbooks', 'Forensics basics'],
    learningOutcomes: ['Work a SOC analyst shift', 'Lead an incident from alert to report', 'Write detection rules'],
    instructor: INSTRUCTORS.emily,
    details: 'Simulated incidents run on a live range with rotating on-call drills in small teams.',
  },
  {
    name: 'Cybersecurity Fundamentals', category: 'Security', icon: 'shield', badge: 'New', level: 'Beginner',
    desc: 'The core ideas of security: threats, cryptography, networks and safe habits for every role.',
    rating: 4.5, students: 2980, duration: '6 weeks', progress: 55, price: 3379,
    topics: ['The threat landscape', 'Cryptography basics', 'Network security', 'Identity and access', 'Security policies'],
    learningOutcomes: ['Explain common attacks and defences', 'Harden personal and team devices', 'Prepare for entry-level certifications'],
    instructor: INSTRUCTORS.emily,
    details: 'Designed for career-switchers: no prior IT experience needed.',
  },
  {
    name: 'Full Stack Web Development with React and Node', category: 'Web & App', icon: 'globe', badge: 'Popular', level: 'Intermediate',
    desc: 'Build and deploy complete web apps: React front ends, Node APIs, databases and auth.',
    rating: 4.9, students: 6120, duration: '14 weeks', progress: 91, price: 3589,
    topics: ['Modern JavaScript and TypeScript', 'React and routing', 'Node and REST APIs', 'Databases and auth', 'Testing and deployment'],
    learningOutcomes: ['Ship a full stack app to production', 'Structure front end and API code', 'Write tests that catch regressions'],
    instructor: INSTRUCTORS.ananya,
    details: 'Portfolio projects and pair-programming sessions in the live classes.',
  },
  {
    name: 'Android App Development with Kotlin', category: 'Web & App', icon: 'phone', level: 'Intermediate',
    desc: 'Create polished Android apps with Kotlin, Jetpack Compose and modern architecture.',
    rating: 4.6, students: 2230, duration: '10 weeks', progress: 66, price: 3499,
    topics: ['Kotlin essentials', 'Jetpack Compose UI', 'Architecture components', 'Networking and storage', 'Publishing to Play Store'],
    learningOutcomes: ['Build and publish an Android app', 'Apply MVVM architecture', 'Handle offline data gracefully'],
    instructor: INSTRUCTORS.rahul,
    details: 'Your capstone app is reviewed for Play Store readiness, including accessibility and performance checks.',
  },
  {
    name: 'HTML, CSS and JavaScript for Beginners', category: 'Web & App', icon: 'globe', level: 'Beginner',
    desc: 'Go from a blank file to responsive, accessible websites with the three languages of the web.',
    rating: 4.7, students: 5480, duration: '6 weeks', progress: 73, price: 3369,
    topics: ['Semantic HTML', 'CSS layout with flexbox and grid', 'Responsive design', 'JavaScript and the DOM', 'Accessibility basics'],
    learningOutcomes: ['Build responsive multi-page sites', 'Add interactivity with JavaScript', 'Publish a personal portfolio'],
    instructor: INSTRUCTORS.sofia,
    details: 'Perfect first course: short daily exercises and a portfolio site launched by week six.',
  },
  {
    name: 'Blockchain and Web3 Development', category: 'Emerging Tech', icon: 'chip', badge: 'Trending', level: 'Advanced',
    desc: 'Write, test and audit smart contracts, and connect them to real decentralised apps.',
    rating: 4.4, students: 1340, duration: '10 weeks', progress: 44, price: 3549,
    topics: ['Blockchain fundamentals', 'Solidity smart contracts', 'Testing and auditing', 'Wallets and dApps', 'Scaling solutions'],
    learningOutcomes: ['Deploy audited smart contracts', 'Build a dApp front end', 'Spot common contract vulnerabilities'],
    instructor: INSTRUCTORS.james,
    details: 'Focuses on engineering discipline: every contract you write goes through tests and a peer audit.',
  },
  {
    name: 'Internet of Things with Raspberry Pi', category: 'Emerging Tech', icon: 'chip', level: 'Beginner',
    desc: 'Connect sensors to the cloud and build smart devices with Python and a Raspberry Pi.',
    rating: 4.5, students: 1760, duration: '8 weeks', progress: 52, price: 3419,
    topics: ['Raspberry Pi setup', 'Sensors and GPIO', 'MQTT messaging', 'Cloud dashboards', 'Device security'],
    learningOutcomes: ['Prototype connected devices', 'Stream sensor data to the cloud', 'Secure IoT deployments'],
    instructor: INSTRUCTORS.arjun,
    details: 'No kit is shipped: you work with parts you buy yourself.',
  },
  {
    name: 'AR and VR Experiences with Unity', category: 'Emerging Tech', icon: 'chip', badge: 'New', level: 'Intermediate',
    desc: 'Design immersive augmented and virtual reality apps with Unity and C#.',
    rating: 4.3, students: 980, duration: '10 weeks', progress: 39, price: 3509,
    topics: ['Unity and C# basics', '3D interaction design', 'AR Foundation', 'VR locomotion and comfort', 'Performance on headsets'],
    learningOutcomes: ['Build an AR app for phones', 'Create a comfortable VR scene', 'Profile and optimise XR apps'],
    instructor: INSTRUCTORS.sofia,
    details: 'Headset not required: simulators are used throughout, with optional device labs in Bengaluru and New York.',
  },
  {
    name: 'Embedded Systems with Arduino and ARM', category: 'Electrical & Electronics', icon: 'bolt', level: 'Intermediate',
    desc: 'Program microcontrollers, read datasheets and build reliable embedded firmware in C.',
    rating: 4.6, students: 1420, duration: '12 weeks', progress: 57, price: 3519,
    topics: ['Embedded C', 'GPIO, timers and interrupts', 'Serial protocols', 'Real-time operating systems', 'Debugging hardware'],
    learningOutcomes: ['Write firmware for ARM Cortex-M', 'Interface with sensors over I2C and SPI', 'Debug with logic analysers'],
    instructor: INSTRUCTORS.vikram,
    details: 'Lab sessions are taught live, on a development board of your own (no kit is shipped).',
  },
  {
    name: 'VLSI Design Fundamentals', category: 'Electrical & Electronics', icon: 'bolt', badge: 'Trending', level: 'Advanced',
    desc: 'Digital design with Verilog, simulation, synthesis and the chip design flow.',
    rating: 4.7, students: 1190, duration: '14 weeks', progress: 62, price: 3579,
    topics: ['Digital logic review', 'Verilog HDL', 'Simulation and verification', 'Synthesis and timing', 'Physical design overview'],
    learningOutcomes: ['Design and verify RTL modules', 'Meet timing constraints', 'Understand the full ASIC flow'],
    instructor: INSTRUCTORS.priya,
    details: 'Built with semiconductor engineers from Bengaluru; uses open-source EDA tools so you can keep practising.',
  },
  {
    name: 'Electric Vehicle Technology', category: 'Electrical & Electronics', icon: 'bolt', badge: 'New', level: 'Beginner',
    desc: 'How EVs work: batteries, motors, power electronics and charging infrastructure.',
    rating: 4.4, students: 1050, duration: '8 weeks', progress: 41, price: 3439,
    topics: ['EV architecture', 'Battery chemistry and management', 'Motors and drives', 'Power electronics', 'Charging standards'],
    learningOutcomes: ['Explain every major EV subsystem', 'Size a battery pack', 'Evaluate charging infrastructure plans'],
    instructor: INSTRUCTORS.marcus,
    details: 'Case studies from Indian two-wheeler makers and US fleet operators, with a battery-sizing project.',
  },
  {
    name: 'AutoCAD and Revit for Civil Engineers', category: 'Civil & Mechanical', icon: 'gear', level: 'Beginner',
    desc: 'Draft plans and model buildings with the tools used on real construction projects.',
    rating: 4.5, students: 1870, duration: '8 weeks', progress: 59, price: 3409,
    topics: ['AutoCAD drafting', 'Layers and annotations', 'Revit modelling', 'Building information modelling', 'Drawing sets'],
    learningOutcomes: ['Produce construction drawing sets', 'Model a building in Revit', 'Collaborate with BIM workflows'],
    instructor: INSTRUCTORS.meera,
    details: 'Student licences are arranged for you; the capstone is a full drawing set for a two-storey building.',
  },
  {
    name: 'Mechanical Design with SolidWorks', category: 'Civil & Mechanical', icon: 'gear', badge: 'Popular', level: 'Intermediate',
    desc: 'Design parts and assemblies, run simulations and prepare models for manufacturing.',
    rating: 4.6, students: 2010, duration: '10 weeks', progress: 68, price: 3489,
    topics: ['Sketching and features', 'Assemblies and mates', 'Sheet metal', 'FEA simulation', 'Drawings for manufacturing'],
    learningOutcomes: ['Model production-ready parts', 'Validate designs with simulation', 'Prepare manufacturing drawings'],
    instructor: INSTRUCTORS.arjun,
    details: 'Prepares you for the CSWA certification with timed practice tests.',
  },
  {
    name: 'Structural Analysis with STAAD.Pro', category: 'Civil & Mechanical', icon: 'gear', level: 'Advanced',
    desc: 'Analyse and design steel and concrete structures to Indian and US codes.',
    rating: 4.4, students: 860, duration: '12 weeks', progress: 36, price: 3529,
    topics: ['Structural modelling', 'Load combinations', 'Concrete design', 'Steel design', 'Seismic analysis'],
    learningOutcomes: ['Model and analyse multi-storey frames', 'Design members to IS and ACI codes', 'Check seismic performance'],
    instructor: INSTRUCTORS.rahul,
    details: 'Taught by practising structural engineers with reviews of your calculations every week.',
  },
  {
    name: 'Digital Marketing Mastery', category: 'Business', icon: 'chart', badge: 'Popular', level: 'Beginner',
    desc: 'SEO, social media, paid ads and analytics: grow a brand with measurable campaigns.',
    rating: 4.7, students: 4650, duration: '8 weeks', progress: 80, price: 3389,
    topics: ['SEO and content', 'Social media strategy', 'Google and Meta ads', 'Email marketing', 'Analytics and attribution'],
    learningOutcomes: ['Plan a full-funnel campaign', 'Run paid ads on a budget', 'Report results with analytics'],
    instructor: INSTRUCTORS.kavya,
    details: 'You run a live campaign for a small business partner and present the results at the end.',
  },
  {
    name: 'Product Management Essentials', category: 'Business', icon: 'chart', badge: 'Trending', level: 'Intermediate',
    desc: 'Discover what to build, write crisp specs and lead teams from idea to launch.',
    rating: 4.8, students: 2570, duration: '10 weeks', progress: 74, price: 3539,
    topics: ['Product discovery', 'Prioritisation frameworks', 'Writing specs', 'Metrics and experiments', 'Stakeholder management'],
    learningOutcomes: ['Run discovery interviews', 'Write specs engineers love', 'Define and track product metrics'],
    instructor: INSTRUCTORS.daniel,
    details: 'Mentored by product leaders; ends with a product review of your own feature proposal.',
  },
  {
    name: 'Financial Modelling and Valuation', category: 'Business', icon: 'chart', level: 'Advanced',
    desc: 'Build three-statement models and value companies like an investment analyst.',
    rating: 4.6, students: 1490, duration: '8 weeks', progress: 50, price: 3469,
    topics: ['Accounting refresher', 'Three-statement models', 'DCF valuation', 'Comparable companies', 'Scenario analysis'],
    learningOutcomes: ['Build a model from annual reports', 'Value a listed company', 'Present an investment case'],
    instructor: INSTRUCTORS.meera,
    details: 'Models are built on real filings from Indian and US companies, with analyst feedback.',
  },
  {
    name: 'UI/UX Design Bootcamp', category: 'Design & Creative', icon: 'palette', badge: 'Popular', level: 'Beginner',
    desc: 'Research, wireframe, prototype and test interfaces in Figma with a real design process.',
    rating: 4.8, students: 3890, duration: '10 weeks', progress: 86, price: 3449,
    topics: ['Design thinking', 'User research', 'Wireframes and flows', 'Figma prototyping', 'Usability testing'],
    learningOutcomes: ['Run a design sprint', 'Prototype in Figma', 'Build a case-study portfolio'],
    instructor: INSTRUCTORS.sofia,
    details: 'Two portfolio case studies and a portfolio review with hiring designers.',
  },
  {
    name: 'Graphic Design with Adobe Creative Suite', category: 'Design & Creative', icon: 'palette', level: 'Intermediate',
    desc: 'Typography, layout and brand identity with Photoshop, Illustrator and InDesign.',
    rating: 4.5, students: 2120, duration: '8 weeks', progress: 63, price: 3419,
    topics: ['Colour and typography', 'Photoshop editing', 'Illustrator vectors', 'InDesign layouts', 'Brand identity'],
    learningOutcomes: ['Design a brand identity', 'Prepare print and web assets', 'Critique and iterate on work'],
    instructor: INSTRUCTORS.kavya,
    details: 'Weekly critiques in small groups and a final brand book for a fictional client.',
  },
  {
    name: 'Motion Graphics and Video Editing', category: 'Design & Creative', icon: 'palette', badge: 'New', level: 'Advanced',
    desc: 'Edit stories and animate titles with Premiere Pro and After Effects.',
    rating: 4.4, students: 1260, duration: '10 weeks', progress: 48, price: 3499,
    topics: ['Editing and pacing', 'Colour grading', 'After Effects animation', 'Sound design', 'Delivering for platforms'],
    learningOutcomes: ['Edit a short documentary', 'Animate titles and explainers', 'Export for every platform'],
    instructor: INSTRUCTORS.daniel,
    details: 'Your showreel is reviewed by working editors from Mumbai and Brooklyn studios.',
  },
  {
    name: 'Bioinformatics with Python and R', category: 'Science & Research', icon: 'flask', level: 'Intermediate',
    desc: 'Analyse genomic data with Python, R and the pipelines used in research labs.',
    rating: 4.5, students: 910, duration: '12 weeks', progress: 42, price: 3509,
    topics: ['Molecular biology primer', 'Sequence analysis', 'Genomics pipelines', 'Statistics in R', 'Visualising biological data'],
    learningOutcomes: ['Run an RNA-seq analysis', 'Reproduce a published result', 'Communicate findings with clear plots'],
    instructor: INSTRUCTORS.priya,
    details: 'Datasets come from public repositories; the capstone reproduces a figure from a published paper.',
  },
  {
    name: 'Research Methods and Scientific Writing', category: 'Science & Research', icon: 'flask', level: 'Beginner',
    desc: 'Design studies, analyse results and write papers that reviewers understand.',
    rating: 4.2, students: 770, duration: '5 weeks', progress: 33, price: 3359,
    topics: ['Research design', 'Literature reviews', 'Basic statistics', 'Scientific writing', 'Publishing and peer review'],
    learningOutcomes: ['Plan a sound study', 'Write a structured paper', 'Respond to reviewer comments'],
    instructor: INSTRUCTORS.james,
    details: 'Each week you draft one section of your own paper and get written feedback.',
  },
  {
    name: 'Data Science for Climate Research', category: 'Science & Research', icon: 'flask', badge: 'New', level: 'Advanced',
    desc: 'Work with satellite and climate model data to study a changing planet.',
    rating: 4.6, students: 640, duration: '11 weeks', progress: 37, price: 3559,
    topics: ['Climate data formats', 'Geospatial analysis', 'Time-series methods', 'Climate model outputs', 'Communicating uncertainty'],
    learningOutcomes: ['Process satellite datasets', 'Analyse long-term climate trends', 'Present results responsibly'],
    instructor: INSTRUCTORS.marcus,
    details: 'Built with researchers; the capstone studies monsoon or hurricane data of your choice.',
  },
  {
    name: 'Go for Backend Engineers', category: 'Core Programming', icon: 'code', badge: 'New', level: 'Intermediate',
    desc: 'Build fast, concurrent services in Go with clean APIs, testing and profiling.',
    rating: 4.7, students: 1680, duration: '9 weeks', progress: 54, price: 3479,
    topics: ['Go syntax and tooling', 'Interfaces and errors', 'Goroutines and channels', 'HTTP services', 'Profiling and testing'],
    learningOutcomes: ['Write idiomatic Go services', 'Use concurrency safely', 'Profile and fix bottlenecks'],
    instructor: INSTRUCTORS.ananya,
    details: 'You build a rate-limited URL shortener and load-test it in the final week.',
  },
];
