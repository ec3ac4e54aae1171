import type { Role, Session } from '@nibras/contract';

/** What a sign-in or refresh answers: the tokens and who they are for (the email, the id as text, the role). */
export function presentSession(
  user: { id: number; role: Role; email: string },
  tokens: { token: string; expiresIn: number; refreshToken: string },
  message: string,
): Session {
  return { email: user.email, token: tokens.token, localId: String(user.id), expiresIn: tokens.expiresIn, refreshToken: tokens.refreshToken, message, role: user.role };
}
