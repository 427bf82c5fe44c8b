// jsdom has no fetch Response: a minimal stand-in with the members the client code reads.

export function fakeResponse(body: string, status = 200, headers: Record<string, string> = {}): Response {
  const lowerCase = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    ok: status >= 200 && status < 300,
    status,
    url: '',
    headers: { get: (name: string) => lowerCase[name.toLowerCase()] ?? null },
    text: async () => body,
    json: async () => JSON.parse(body) as unknown,
  } as unknown as Response;
}
