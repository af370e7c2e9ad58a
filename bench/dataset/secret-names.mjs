// Names people give secrets in a company password manager: services with an account or an
// environment, telephone lines, addresses and notes. Seeded, so a plan always names alike.

const SERVICES = [
  'AWS',
  'Azure',
  'GitHub',
  'GitLab',
  'Stripe',
  'Slack',
  'Zoom',
  'Jira',
  'Confluence',
  'Salesforce',
  'HubSpot',
  'Mailchimp',
  'Cloudflare',
  'DigitalOcean',
  'Heroku',
  'Netlify',
  'Vercel',
  'Datadog',
  'Sentry',
  'PagerDuty',
  'Okta',
  'Google Workspace',
  'Microsoft 365',
  'Dropbox',
  'Box',
  'Figma',
  'Notion',
  'Trello',
  'Asana',
  'Zendesk',
  'Intercom',
  'Twilio',
  'SendGrid',
  'Postmark',
  'Shopify',
  'WordPress',
  'Docker Hub',
  'npm',
  'PyPI',
  'Terraform Cloud',
  'Vault',
  'Grafana',
  'Kibana',
  'PostgreSQL',
  'MySQL',
  'Redis',
  'MongoDB Atlas',
  'Elastic',
  'Xero',
  'QuickBooks',
  'Gusto',
  'BambooHR',
  'Workday',
  'LinkedIn',
  'Twitter',
  'Facebook Ads',
  'Google Ads',
  'Apple Developer',
  'Google Play Console',
  'Firebase',
  'Auth0',
  'OpenVPN',
  'Fortinet',
  'Ubiquiti',
  'Synology',
  'VMware',
  'Jenkins',
  'CircleCI',
  'Bitbucket',
  'Namecheap',
  'GoDaddy',
  'DocuSign',
  'Adobe',
  'Canva',
  'Miro',
];
const ACCOUNTS = [
  'admin',
  'root',
  'billing',
  'ops',
  'support',
  'deploy',
  'read-only',
  'finance',
  'marketing',
  'service account',
  'API key',
  'backup',
  'CI',
  'monitoring',
  'sales',
  'legal',
  'HR',
  'owner',
];
const ENVIRONMENTS = ['production', 'staging', 'test', 'EU', 'US', 'APAC', 'legacy', 'sandbox'];
const PLACES = [
  'Berlin',
  'Lisbon',
  'London',
  'Madrid',
  'Paris',
  'Warsaw',
  'Dublin',
  'Vienna',
  'Zürich',
  'Amsterdam',
  'Oslo',
  'Prague',
  'Rome',
  'Athens',
  'Helsinki',
  'Tallinn',
  'Lyon',
  'Porto',
];
const LINES = ['Reception', 'Support line', 'Night desk', 'Warehouse', 'IT helpdesk', 'Security desk'];
const NOTES = [
  'Wi-Fi guest network',
  'Recovery codes',
  'Alarm code',
  'Safe combination',
  'Licence key',
  'Door entry code',
  'SSH host keys',
  'Escrow instructions',
  'Bank transfer details',
  'Router config',
];

/** A secret's name for its category ('password', 'telephone', 'address' or 'note'). */
export function makeSecretName(random, category) {
  if (category === 'telephone') return `${random.pick(LINES)} – ${random.pick(PLACES)}`;
  if (category === 'address') return `Office ${random.pick(PLACES)} ${random.int(1, 40)}`;
  if (category === 'note') return `${random.pick(NOTES)} – ${random.pick(SERVICES)}`;
  const base = `${random.pick(SERVICES)} ${random.pick(ACCOUNTS)}`;
  if (random.chance(0.5)) return `${base} (${random.pick(ENVIRONMENTS)})`;
  return random.chance(0.5) ? `${base} ${random.int(1, 999)}` : base;
}

const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chloé',
  'Dara',
  'Emil',
  'Fatima',
  'Goran',
  'Hana',
  'Ivo',
  'Jonas',
  'Kasia',
  'Luis',
  'Mina',
  'Noah',
  'Olga',
  'Pierre',
  'Quinn',
  'Rosa',
  'Sven',
  'Tariq',
  'Uma',
  'Vera',
  'Wim',
  'Yara',
];
const LAST_NAMES = [
  'Andersen',
  'Bauer',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Horvat',
  'Ivanova',
  'Jansen',
  'Kowalski',
  'Lindqvist',
  'Moreau',
  'Novak',
  'Olsen',
  'Petrov',
  'Rossi',
  'Santos',
];

/** A person's name. */
export function makePersonName(random) {
  return `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
}

/** A decoy payload of a category, for the secrets the benchmarks actually open. */
export function makePayload(random, category, name) {
  const note = `Rotated every 90 days. Ask ${makePersonName(random)} before changing. ${name}.`;
  if (category === 'telephone') {
    return { country: '+351', number: String(random.int(200000000, 299999999)), extension: '', note };
  }
  if (category === 'address') {
    return {
      addressOne: `${random.int(1, 200)} ${random.pick(PLACES)} Street`,
      addressTwo: `Floor ${random.int(1, 9)}`,
      addressThree: '',
      addressFour: '',
      postalCode: String(random.int(10000, 99999)),
      country: 'Portugal',
      note,
    };
  }
  if (category === 'note') return { note: `${note} ${'Keep this note short and useful. '.repeat(4)}` };
  return {
    username: `${random.pick(ACCOUNTS).replaceAll(' ', '-')}@northwind.example`,
    password: Array.from({ length: 24 }, () => String.fromCharCode(random.int(33, 126))).join(''),
    url: `https://${random.pick(SERVICES).toLowerCase().replaceAll(' ', '')}.example/login`,
    note,
  };
}
