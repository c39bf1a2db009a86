/**
 * What the account endpoints answer, in both languages (docs/decisions/148): field errors of the forms,
 * sign-in refusals, and the sentences of a registration, a verification, a reset and a sign-out.
 */
import { NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '@limni/shared/contracts/account';
import { texte } from '../../http/texte';

export const ACCOUNT = {
  required: texte('Ce champ est obligatoire.', 'This field is required.'),
  invalidEmail: texte('Saisissez une adresse e-mail valide.', 'Enter a valid e-mail address.'),
  emailTaken: texte(
    'Un autre utilisateur utilise déjà cette adresse e-mail.',
    'Another user already uses this e-mail address.',
  ),
  usernameTaken: texte('Un utilisateur avec ce nom existe déjà.', 'A user with that name already exists.'),
  usernameLookalike: texte(
    'Ce nom d’utilisateur se confond avec celui d’un autre utilisateur (mêmes lettres à l’œil, dans une autre écriture ou une autre casse) : choisissez-en un autre.',
    'This username can be mistaken for another user’s (the same letters to the eye, in another script or case): choose another one.',
  ),
  usernameMixedScripts: texte(
    'Écrivez le nom d’utilisateur dans une seule écriture : pas de lettres latines mêlées à des lettres cyrilliques ou grecques, par exemple.',
    'Write the username in one script: no Latin letters mixed with Cyrillic or Greek ones, for instance.',
  ),
  usernameInvalid: texte(
    'Saisissez un nom d’utilisateur valide : lettres, chiffres et les caractères « . », « + », « - » et « _ » uniquement.',
    'Enter a valid username: letters, digits and the characters « . », « + », « - » and « _ » only.',
  ),
  usernameTooLong: texte(
    `Le nom d’utilisateur ne doit pas dépasser ${USERNAME_MAX_LENGTH} caractères.`,
    `The username must not be longer than ${USERNAME_MAX_LENGTH} characters.`,
  ),
  nameTooLong: texte(
    `Ce champ ne doit pas dépasser ${NAME_MAX_LENGTH} caractères.`,
    `This field must not be longer than ${NAME_MAX_LENGTH} characters.`,
  ),
  passwordMismatch: texte('Les deux mots de passe ne correspondent pas.', 'The two passwords do not match.'),
  badCredentials: texte('Identifiant ou mot de passe incorrect.', 'Incorrect username or password.'),
  notVerified: texte(
    'Votre adresse e-mail n’est pas encore confirmée : suivez le lien de l’e-mail de vérification (un nouveau lien vient de vous être envoyé s’il n’y en avait pas de récent).',
    'Your e-mail address is not confirmed yet: follow the link of the verification e-mail (a new link has just been sent to you if there was no recent one).',
  ),
  notVerifiedMailFailed: texte(
    'Votre adresse e-mail n’est pas encore confirmée, et l’e-mail contenant un nouveau lien n’a pas pu être envoyé. Réessayez de vous connecter dans quelques minutes pour en demander un autre.',
    'Your e-mail address is not confirmed yet, and the e-mail with a new link could not be sent. Try to sign in again in a few minutes to ask for another one.',
  ),
  badVerificationKey: texte(
    'Ce lien de vérification est invalide, a déjà servi ou a expiré.',
    'This verification link is invalid, has already been used or has expired.',
  ),
  badResetLink: texte(
    'Ce lien de réinitialisation est invalide, a déjà servi ou a expiré : demandez-en un nouveau.',
    'This reset link is invalid, has already been used or has expired: ask for a new one.',
  ),
  badOldPassword: texte(
    'Votre ancien mot de passe est incorrect. Veuillez le rectifier.',
    'Your old password is incorrect. Please correct it.',
  ),
  oldPasswordRequired: texte('Saisissez votre mot de passe actuel.', 'Enter your current password.'),
  emailNeedsPassword: texte(
    'Pour changer d’adresse e-mail, saisissez votre mot de passe actuel (vous êtes connecté depuis plus de 10 minutes).',
    'To change your e-mail address, enter your current password (you signed in more than 10 minutes ago).',
  ),
  registered: texte(
    'Inscription enregistrée : un e-mail de vérification vient de vous être envoyé. Suivez son lien pour activer votre compte.',
    'Registration recorded: a verification e-mail has just been sent to you. Follow its link to activate your account.',
  ),
  registeredMailFailed: texte(
    'Votre compte est créé, mais l’e-mail de vérification n’a pas pu être envoyé. Connectez-vous avec votre identifiant et votre mot de passe dans quelques minutes : un nouveau lien vous sera envoyé.',
    'Your account is created, but the verification e-mail could not be sent. Sign in with your username and password in a few minutes: a new link will be sent to you.',
  ),
  verified: texte('Votre adresse e-mail est confirmée.', 'Your e-mail address is confirmed.'),
  resetSent: texte(
    'Si un compte correspond à cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.',
    'If an account matches this address, an e-mail with a reset link has just been sent to it.',
  ),
  resetDone: texte(
    'Votre mot de passe a été réinitialisé : vous pouvez vous connecter avec le nouveau.',
    'Your password has been reset: you can sign in with the new one.',
  ),
  passwordChanged: texte('Le nouveau mot de passe a été enregistré.', 'The new password has been saved.'),
  loggedOut: texte('Vous êtes déconnecté.', 'You are signed out.'),
  compteSupprime: texte("Ce compte n'existe plus.", 'This account no longer exists.'),
} as const;
