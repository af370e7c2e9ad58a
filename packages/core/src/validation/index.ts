// Validation rules and their exact messages (spec section 5), shared by forms and the server.
export * from './admin-form-validator.js';
export * from './email-change-validator.js';
export * from './email-rules.js';
export * from './field-labels.js';
export * from './form-rules.js';
export * from './login-validator.js';
export * from './messages.js';
export * from './otp-input.js';
export * from './password-generator.js';
export * from './password-strength.js';
export * from './password-validator.js';
export * from './payment-validator.js';
export * from './register-validator.js';
export * from './rotation-validator.js';
export * from './secret-validator.js';
export * from './validation-result.js';
