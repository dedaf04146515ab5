import * as t from 'io-ts';
import {
  AcknowledgmentBody,
  decode,
  decodeOrThrow,
  is,
  isValidationError,
  nullable,
  PsychologyAssessmentBody,
  positiveInt,
  RegisterBody,
  RiskAssessmentBody,
  struct,
  ValidationError,
} from '../src';

const validRisk = {
  experienceLevel: 'beginner',
  financialSituation: 'stable',
  riskCapacity: 5,
  investmentObjective: 'education',
};

/** The message of a rejected decode (fails the test when the input was accepted). */
function rejection(codec: t.Decoder<unknown, unknown>, input: unknown, root?: string): string {
  const result = decode(codec, input, root);
  if (result._tag === 'Right') throw new Error(`expected a rejection, got ${JSON.stringify(result.right)}`);
  return result.left;
}

function accepted<A>(codec: t.Decoder<unknown, A>, input: unknown): A {
  const result = decode(codec, input);
  if (result._tag === 'Left') throw new Error(`expected success, got "${result.left}"`);
  return result.right;
}

describe('unknown fields are dropped', () => {
  it('at the top level', () => {
    const body = accepted(RegisterBody, {
      email: 'ann@example.com',
      password: 'correct horse',
      firstName: 'Ann',
      lastName: 'Lee',
      isAdmin: true,
      confirmPassword: 'correct horse',
    });
    expect(body).toEqual({
      email: 'ann@example.com',
      password: 'correct horse',
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(Object.keys(body)).not.toContain('isAdmin');
  });

  it('inside array items', () => {
    const body = accepted(PsychologyAssessmentBody, {
      responses: [
        { questionId: 1, value: 3, userId: 'someone-else' },
        { questionId: 2, value: 4 },
      ],
      score: 100,
    });
    expect(body).toEqual({
      responses: [
        { questionId: 1, value: 3 },
        { questionId: 2, value: 4 },
      ],
    });
  });

  it('inside nested objects, including optional members', () => {
    const Inner = struct({ a: t.string }, { b: t.number });
    const Outer = struct({ inner: Inner, maybe: nullable(Inner) });
    const value = accepted(Outer, {
      inner: { a: 'x', b: 1, c: 'drop me' },
      maybe: { a: 'y', d: 'drop me too' },
      e: 'and me',
    });
    expect(value).toEqual({ inner: { a: 'x', b: 1 }, maybe: { a: 'y' } });
  });

  it('in optional parts of a body', () => {
    const body = accepted(AcknowledgmentBody, {
      documentType: 'cftc_warning',
      version: '1.0',
      consentText: 'I have read it',
      acknowledgedAt: '2020-01-01T00:00:00Z',
    });
    expect(body).toEqual({ documentType: 'cftc_warning', version: '1.0', consentText: 'I have read it' });
  });
});

describe('one message naming the field', () => {
  it('missing field → "<field>: required"', () => {
    expect(rejection(RegisterBody, { password: 'long enough' })).toBe('email: required');
  });

  it('wrong integer range', () => {
    expect(rejection(RiskAssessmentBody, { ...validRisk, riskCapacity: 0 })).toBe(
      'riskCapacity: must be an integer 1-10',
    );
  });

  it('wrong enum value lists the allowed values', () => {
    expect(rejection(RiskAssessmentBody, { ...validRisk, experienceLevel: 'expert' })).toBe(
      'experienceLevel: must be one of beginner, intermediate, advanced',
    );
  });

  it('path into a list item', () => {
    const responses = [1, 2, 3, 4].map((questionId) => ({ questionId, value: questionId === 4 ? 6 : 3 }));
    expect(rejection(PsychologyAssessmentBody, { responses })).toBe(
      'responses.3.value: must be an integer 1-5',
    );
  });

  it('e-mail', () => {
    expect(rejection(RegisterBody, { email: 'not-an-address', password: 'long enough' })).toBe(
      'email: must be an e-mail address',
    );
  });

  it.each([['a string'], [null], [[1, 2]], [42]])('body %p that is not an object', (input) => {
    expect(rejection(RegisterBody, input)).toBe('body: must be a JSON object');
  });

  it('names the root after the part of the request', () => {
    expect(rejection(RegisterBody, null, 'query')).toBe('query: must be a JSON object');
  });

  it('reports only the first error, in field order', () => {
    expect(rejection(RegisterBody, { email: 'x', password: 'short' })).toBe(
      'email: must be an e-mail address',
    );
  });

  it('a missing item field inside a list', () => {
    expect(rejection(PsychologyAssessmentBody, { responses: [{ questionId: 1 }] })).toBe(
      'responses.0.value: required',
    );
  });

  it('null where an object is expected is "must be", not "required"', () => {
    expect(rejection(struct({ inner: struct({ a: t.string }) }), { inner: null })).toBe(
      'inner: must be a JSON object',
    );
  });

  it('a nullable field describes both choices', () => {
    expect(rejection(struct({ n: nullable(positiveInt) }), { n: 'x' })).toBe(
      'n: must be a positive integer or null',
    );
  });

  it('a union is described as a whole, at its own path', () => {
    const Shape = struct({
      items: t.array(t.union([struct({ a: t.string }), t.number], 'an object with a or a number')),
    });
    expect(rejection(Shape, { items: [1, { a: 'x' }, 'nope'] })).toBe(
      'items.2: must be an object with a or a number',
    );
  });

  it('io-ts built-ins get plain phrases', () => {
    expect(rejection(struct({ flag: t.boolean, s: t.string }), { flag: 'yes', s: 's' })).toBe(
      'flag: must be a boolean',
    );
    expect(rejection(struct({ list: t.array(t.string) }), { list: 'x' })).toBe('list: must be a list');
  });
});

describe('decodeOrThrow and guards', () => {
  it('returns the stripped value', () => {
    expect(decodeOrThrow(RiskAssessmentBody, { ...validRisk, extra: 1 })).toEqual({
      ...validRisk,
      annualIncome: null,
      netWorth: null,
    });
  });

  it('throws a ValidationError carrying the message', () => {
    let caught: unknown;
    try {
      decodeOrThrow(RiskAssessmentBody, { ...validRisk, riskCapacity: 11 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect(isValidationError(caught)).toBe(true);
    expect((caught as ValidationError).message).toBe('riskCapacity: must be an integer 1-10');
  });

  it('isValidationError refuses other errors', () => {
    expect(isValidationError(new Error('riskCapacity: must be an integer 1-10'))).toBe(false);
  });

  it('is() guards by the codec', () => {
    const isRisk = is(RiskAssessmentBody);
    expect(isRisk(validRisk)).toBe(true);
    expect(isRisk({ ...validRisk, riskCapacity: '5' })).toBe(false);
  });
});
