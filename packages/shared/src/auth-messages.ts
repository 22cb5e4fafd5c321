/** Auth constants and messages without zod, so public pages can use them at no cost. */
/** Access tokens live 15 minutes; the client refreshes 60 s before expiry (spec §4 "Session"). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Refresh tokens: 7 days, or 30 days with remember_me. Each refresh rotates the token. */
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const REFRESH_TOKEN_REMEMBER_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Spec §9: the client refreshes this long before the access token expires. */
export const TOKEN_REFRESH_MARGIN_SECONDS = 60;

export const PASSWORD_MIN_LENGTH = 8;
export const PHONE_MIN_LENGTH = 8;

/** Spec §5 validation messages, word for word. */
export const AUTH_MESSAGES = {
  emailRequired: "Email field is required",
  emailRequiredShort: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password field is required",
  passwordRequiredShort: "Password is required",
  passwordMin: "Password must be at least 8 characters",
  passwordsMatch: "Passwords should match!",
  nameRequired: "Name is required",
  phoneInvalid: "Phone number not valid",
  codeRequired: "Code is required",
  codeFormat: "The code is 4 digits",
  termsRequired: "You must agree to the terms and privacy policy",
  invalidCredentials: "email or password are not valid",
  emailTaken: "This email is already registered.",
  validationFailed: "Validation failed",
  sessionExpired: "Session expired. Please log in again.",
  accountBanned: "Your account has been suspended. Contact support if you think this is a mistake.",
  registered: "Register successful",
} as const;
