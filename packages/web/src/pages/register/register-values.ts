/** What the register form holds across its steps. */
export interface RegisterValues {
  company: string;
  fullname: string;
  email: string;
  termsOfService: boolean;
  marketingOptIn: boolean;
  password: string;
  confirmation: string;
}

/** An empty register form. */
export const EMPTY_REGISTER_VALUES: RegisterValues = {
  company: '',
  fullname: '',
  email: '',
  termsOfService: false,
  marketingOptIn: false,
  password: '',
  confirmation: '',
};

/** The invitation a visitor registers through: its token and what it prefills. */
export interface InvitationContext {
  token: string;
  company: string;
  name: string;
  email: string;
  inviter: string;
}
