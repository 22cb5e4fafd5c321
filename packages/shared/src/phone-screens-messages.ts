/**
 * What the web's phone screens say beside the API's own messages (PHONE_AUTH_MESSAGES in ./phone-auth.ts): when the
 * server could not be reached, and what happened after a resend (issue 27, decision 074).
 */
export const PHONE_SCREENS_MESSAGES = {
  sendFailed: "We could not send the code. Please check your connection and try again.",
  verifyFailed: "We could not check the code. Please check your connection and try again.",
  codeSentAgain: "We sent you a new code by SMS.",
  noAccountYet: "No account has this number yet. Tell us who you are to create one.",
} as const;
