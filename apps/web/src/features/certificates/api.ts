import { certificateRoutes } from '@nibras/contract';
import { buildUrl, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export type CertificateView = ResponseData<typeof certificateRoutes.verify>;

export const certificateQueries = {
  verify: (code: string) => routeQuery(['certificates', code.trim().toUpperCase()], certificateRoutes.verify, { params: { code: code.trim() } }),
};

export function certificatePdfUrl(code: string): string {
  return buildUrl(certificateRoutes.pdf.path, { code });
}
