import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { parseNextLink } from '../../domain/catalogue/paging';

/**
 * Follows a paged list's `Link: rel="next"` from `url` to its last page (each answer must be 200), running `between`
 * after each page (e.g. adding rows while paging); every page's answer in order. Stops a list that never ends.
 */
export async function followPages(
  get: (url: string) => Promise<LightMyRequestResponse>,
  url: string,
  between: (page: number) => Promise<void> = async () => {},
  maxPages = 200,
): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  let next: string | null = url;
  while (next) {
    const res = await get(next);
    expect(res.statusCode, res.body).toBe(200);
    answers.push(res);
    next = parseNextLink(res.headers.link as string | undefined);
    await between(answers.length);
    expect(answers.length).toBeLessThan(maxPages);
  }
  return answers;
}
