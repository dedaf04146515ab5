/** Which of the two sign-in dialogs is open. */
export type AuthView = 'login' | 'register';
