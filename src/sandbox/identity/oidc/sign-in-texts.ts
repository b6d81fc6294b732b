import type { Language } from '../../../contract/user-preferences.js';

/** The issuer's sign-in page in the console's languages (the demo usernames stay as they are typed). */
export interface SignInTexts {
  environment: string;
  title: string;
  to: (clientName: string) => string;
  username: string;
  password: string;
  submit: string;
  badCredentials: string;
  demoUsers: string;
  secondSupervisor: string;
  passwordHint: string;
}

export const SIGN_IN_TEXTS: Record<Language, SignInTexts> = {
  en: {
    environment: 'ACCEPTANCE sandbox: demo identities, not for real data',
    title: 'Sign in',
    to: (client) => `to ${client}`,
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    badCredentials: 'The username or password is not correct. Check both and try again.',
    demoUsers: 'Demo users',
    secondSupervisor: 'a second supervisor',
    passwordHint: 'The password equals the username.',
  },
  nl: {
    environment: 'ACCEPTATIE-sandbox: demo-identiteiten, niet voor echte gegevens',
    title: 'Aanmelden',
    to: (client) => `bij ${client}`,
    username: 'Gebruikersnaam',
    password: 'Wachtwoord',
    submit: 'Aanmelden',
    badCredentials: 'De gebruikersnaam of het wachtwoord is niet juist. Controleer beide en probeer het opnieuw.',
    demoUsers: 'Demogebruikers',
    secondSupervisor: 'een tweede supervisor',
    passwordHint: 'Het wachtwoord is gelijk aan de gebruikersnaam.',
  },
  fr: {
    environment: 'Sandbox de RECETTE : identités de démonstration, pas de données réelles',
    title: 'Se connecter',
    to: (client) => `à ${client}`,
    username: 'Nom d’utilisateur',
    password: 'Mot de passe',
    submit: 'Se connecter',
    badCredentials: 'Le nom d’utilisateur ou le mot de passe est incorrect. Vérifiez les deux et réessayez.',
    demoUsers: 'Utilisateurs de démonstration',
    secondSupervisor: 'un second superviseur',
    passwordHint: 'Le mot de passe est identique au nom d’utilisateur.',
  },
  de: {
    environment: 'ABNAHME-Sandbox: Demo-Identitäten, nicht für echte Daten',
    title: 'Anmelden',
    to: (client) => `bei ${client}`,
    username: 'Benutzername',
    password: 'Passwort',
    submit: 'Anmelden',
    badCredentials: 'Benutzername oder Passwort ist nicht korrekt. Prüfen Sie beides und versuchen Sie es erneut.',
    demoUsers: 'Demo-Benutzer',
    secondSupervisor: 'ein zweiter Supervisor',
    passwordHint: 'Das Passwort ist gleich dem Benutzernamen.',
  },
};
