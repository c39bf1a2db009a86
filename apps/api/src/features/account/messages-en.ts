/** English of the account messages (`MESSAGES` in account.service.ts), key by key; registered with http/langue.ts. */
import { NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '@limni/shared/contracts/account';
import { addEnglish } from '../../http/langue';
import { MESSAGES } from './account.service';

export const MESSAGES_EN: Record<keyof typeof MESSAGES, string> = {
  required: 'This field is required.',
  invalidEmail: 'Enter a valid e-mail address.',
  emailTaken: 'Another user already uses this e-mail address.',
  usernameTaken: 'A user with that name already exists.',
  usernameInvalid:
    'Enter a valid username: letters, digits and the characters « . », « + », « - » and « _ » only.',
  usernameTooLong: `The username must not be longer than ${USERNAME_MAX_LENGTH} characters.`,
  nameTooLong: `This field must not be longer than ${NAME_MAX_LENGTH} characters.`,
  passwordMismatch: 'The two passwords do not match.',
  badCredentials: 'Incorrect username or password.',
  notVerified:
    'Your e-mail address is not confirmed yet: follow the link of the verification e-mail (a new link has just been sent to you if there was no recent one).',
  notVerifiedMailFailed:
    'Your e-mail address is not confirmed yet, and the e-mail with a new link could not be sent. Try to sign in again in a few minutes to ask for another one.',
  badVerificationKey: 'This verification link is invalid, has already been used or has expired.',
  badResetLink: 'This reset link is invalid, has already been used or has expired: ask for a new one.',
  badOldPassword: 'Your old password is incorrect. Please correct it.',
  oldPasswordRequired: 'Enter your current password.',
  emailNeedsPassword:
    'To change your e-mail address, enter your current password (you signed in more than 10 minutes ago).',
  registered:
    'Registration recorded: a verification e-mail has just been sent to you. Follow its link to activate your account.',
  registeredMailFailed:
    'Your account is created, but the verification e-mail could not be sent. Sign in with your username and password in a few minutes: a new link will be sent to you.',
  verified: 'Your e-mail address is confirmed.',
  resetSent: 'If an account matches this address, an e-mail with a reset link has just been sent to it.',
  resetDone: 'Your password has been reset: you can sign in with the new one.',
  passwordChanged: 'The new password has been saved.',
  loggedOut: 'You are signed out.',
};

addEnglish(MESSAGES, MESSAGES_EN);
