// The human labels that fill {Field} in the messages, in one place so every form says the same.

/** Display label of each validated field key. */
export const FIELD_LABELS = {
  email: 'Email',
  password: 'Password',
  company: 'Company Name',
  fullname: 'Full Name',
  termsOfService: 'Terms of Service',
  name: 'Name',
  vault_id: 'Chest',
  username: 'Username',
  url: 'URL',
  note: 'Note',
  country: 'Country',
  number: 'Number',
  extension: 'Extension',
  addressOne: 'Address Line 1',
  addressTwo: 'Address Line 2',
  addressThree: 'Address Line 3',
  addressFour: 'Address Line 4',
  postalCode: 'Postal Code',
  chestName: 'Name',
  firstTeam: 'Team',
  teamName: 'Name',
  firstChest: 'Chest',
  userName: 'Name',
  userEmail: 'Email',
  fullName: 'Full Name',
  line2: 'Address Line 2',
  city: 'City',
  quantity: 'Quantity',
  coupon: 'Coupon',
  organisationName: 'Company Name',
} as const;

/** A field key that has a label. */
export type LabelledField = keyof typeof FIELD_LABELS;
