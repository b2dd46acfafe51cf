/** Client address and device, for sessions and rate limits. */
export function clientInfo(request: { ip: string; headers: Record<string, string | string[] | undefined> }) {
  const ua = request.headers['user-agent'];
  return { ip: request.ip ?? '', userAgent: (Array.isArray(ua) ? ua[0] : ua) ?? '' };
}
