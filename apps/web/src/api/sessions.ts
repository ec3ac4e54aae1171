import { sessionRoutes } from '@nibras/contract';
import { callRoute } from './http';

export async function refreshSession(refreshToken: string) {
  return (await callRoute(sessionRoutes.refresh, { body: { refreshToken } })).data;
}
