/**
 * Texts of the auth routes (the spec's sign-in and reset texts are AUTH_MESSAGES in messages.ts; the account emails'
 * words are LETTER_TEXTS in letters.ts, the verification subject VERIFY_EMAIL_SUBJECT).
 */
export const AUTH_ROUTE_MESSAGES = {
  invalidRequest: "Invalid request",
  noRoute: (method: string, path: string) => `No route for ${method} ${path}`,
} as const;

/**
 * What the sign-in and sign-up screens say when Google sign-in comes back with an error (`?error=<code>`: Better
 * Auth's OAuth callback codes, or Google's own `access_denied` when the member cancels consent). The spec words only
 * the cancelled case; the others say what to do next instead of showing a raw code.
 */
export const GOOGLE_SIGN_IN_ERRORS = {
  cancelled: "Sign-in cancelled. Please try again.",
  accountNotLinked:
    "An account with this email address already exists, but its address is not confirmed yet. Sign in with your password (or reset it) and open the confirmation email; after that, Continue with Google signs you in to the same account.",
  disabled: "This account has been disabled.",
  other: "Google sign-in did not complete. Please try again, or sign in with your email and password.",
} as const;

/** The message for an OAuth error code in the page's address, or null when there is none. */
export function googleSignInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  if (code === "access_denied") return GOOGLE_SIGN_IN_ERRORS.cancelled;
  if (code === "account_not_linked") return GOOGLE_SIGN_IN_ERRORS.accountNotLinked;
  if (code === "USER_DISABLED" || code === "user_disabled") return GOOGLE_SIGN_IN_ERRORS.disabled;
  return GOOGLE_SIGN_IN_ERRORS.other;
}

/** Texts of the web auth screens (sign in, sign up, password reset): labels, placeholders, headings. */
export const AUTH_UI_TEXTS = {
  authForm: {
    emailAddress: "Email Address",
  },
  authShell: {
    closeAndGoToThe: "Close and go to the home page",
    mailsmithTurnsDesignsIntoEmail: "Mailsmith turns designs into email-safe HTML in seconds.",
  },
  loginPage: {
    loader: "Signing in",
    password: "Password",
    yourPassword: "Your password",
    heading: "Welcome Back",
    subheading: "Sign in to continue creating email templates.",
    benefitsTitle: "Why sign in?",
    submit: "Sign In",
    submitting: "Signing In...",
    forgotPassword: "Forgot Password?",
    switchPrompt: "Don't have an account?",
    switchLink: "Sign up for free",
    accessYourPersonalizedDashboard: "Access your personalized dashboard",
    saveYourPreferencesAndTemplates: "Save your preferences and templates",
    trackYourProgressAndCredits: "Track your progress and credits",
    loginWelcomeBack: "Login - Welcome Back",
  },
  registerPage: {
    and: "and",
    iAgreeToThe: "I agree to the",
    freeCreditsBenefit: (bonus: number) => `${bonus} free credits to generate your first templates`,
    loader: "Creating your account",
    fullName: "Full Name",
    janeDoe: "Jane Doe",
    password: "Password",
    atLeast6Characters: "At least 6 characters",
    confirmPassword: "Confirm Password",
    repeatPassword: "Repeat password",
    heading: "Create your account",
    subheading: "Start turning designs into email templates.",
    benefitsTitle: "Why join us?",
    submit: "Create Account",
    submitting: "Creating Account...",
    termsOfService: "Terms of Service",
    privacyPolicy: "Privacy Policy",
    switchPrompt: "Already have an account?",
    switchLink: "Login",
    registerJoinOurAiProduct: "Register - Join Our Ai Product Iamge Creation",
    turnDesignImagesIntoResponsive: "Turn design images into responsive HTML emails",
    templatesThatRenderInGmail: "Templates that render in Gmail, Outlook and Apple Mail",
    keepEveryTemplateYouGenerate: "Keep every template you generate in one place",
  },
  resetPasswordPage: {
    didntGetIt: "Didn't get it? Check your spam folder or",
    sentLinkExpiry: ". It works once and expires in 1 hour.",
    sentLinkTo: "We sent a password reset link to ",
    emailSent: "Email Sent!",
    resetYourPassword: "Reset your password",
    passwordChanged: "Password changed",
    chooseANewPassword: "Choose a new password",
    newPassword: "New Password",
    confirmPassword: "Confirm Password",
    linkExpired: "Link expired",
    tryAgain: "Try again",
    returnToLogin: "Return to Login",
    enterTheEmailAddressOf:
      "Enter the email address of your account and we will send you a link to choose a new password.",
    sendResetLink: "Send Reset Link",
    sending: "Sending...",
    backToLogin: "Back to Login",
    setNewPassword: "Set New Password",
    saving: "Saving...",
    requestANewLink: "Request a new link",
    resetPasswordMailsmith: "Reset Password - Mailsmith",
  },
  googleButton: {
    continueWithGoogle: "Continue with Google",
  },
} as const;
