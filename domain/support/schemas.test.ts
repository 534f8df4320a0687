import { describe, expect, it } from 'vitest';
import { ContactMessageSchema } from './schemas';

describe('ContactMessageSchema', () => {
  it('accepts a message without a subject', () => {
    expect(ContactMessageSchema.parse({ name: 'Al', email: 'al@example.com', message: 'Hello there, world' })).toEqual({
      name: 'Al',
      email: 'al@example.com',
      subject: '',
      message: 'Hello there, world',
    });
  });

  it.each([
    ['name', '', 'Name must be at least 2 characters'],
    ['email', 'al', 'Please enter a valid email'],
    ['message', 'too short', 'Message must be at least 10 characters'],
  ])('%s = %j → %s', (field, value, message) => {
    const result = ContactMessageSchema.safeParse({ name: 'Al', email: 'al@example.com', message: 'Hello there, world', [field]: value });
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});
