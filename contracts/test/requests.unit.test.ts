import * as t from 'io-ts';
import {
  AcknowledgmentBody,
  AsOfQuery,
  DocumentVersionParams,
  decode,
  ExperienceLevel,
  FinancialSituation,
  InvestmentObjective,
  LearnerSearchQuery,
  LoginBody,
  ModuleIdParams,
  ProgressBody,
  PsychologyAssessmentBody,
  QuizAttemptBody,
  RegisterBody,
  RiskAssessmentBody,
} from '../src';

const validRisk = {
  experienceLevel: 'intermediate',
  financialSituation: 'growing',
  riskCapacity: 5,
  investmentObjective: 'growth',
};

const messageOf = (codec: t.Decoder<unknown, unknown>, input: unknown, root?: string): string | null => {
  const result = decode(codec, input, root);
  return result._tag === 'Left' ? result.left : null;
};

function decoded<A>(codec: t.Decoder<unknown, A>, input: unknown): A {
  const result = decode(codec, input);
  if (result._tag === 'Left') throw new Error(`expected success, got "${result.left}"`);
  return result.right;
}

describe('RiskAssessmentBody', () => {
  it.each([[0], [11], [5.5], ['5'], [null], [Number.NaN]])('refuses riskCapacity %p', (riskCapacity) => {
    expect(messageOf(RiskAssessmentBody, { ...validRisk, riskCapacity })).toBe(
      'riskCapacity: must be an integer 1-10',
    );
  });

  it.each([[1], [5], [10]])('accepts riskCapacity %p', (riskCapacity) => {
    expect(decoded(RiskAssessmentBody, { ...validRisk, riskCapacity }).riskCapacity).toBe(riskCapacity);
  });

  it('requires riskCapacity', () => {
    const { riskCapacity: _omitted, ...rest } = validRisk;
    expect(messageOf(RiskAssessmentBody, rest)).toBe('riskCapacity: required');
  });

  it.each([
    ['experienceLevel', ExperienceLevel.values, 'one of beginner, intermediate, advanced'],
    ['financialSituation', FinancialSituation.values, 'one of stable, growing, volatile'],
    [
      'investmentObjective',
      InvestmentObjective.values,
      'one of education, conservative, growth, speculative',
    ],
  ])('%s accepts each allowed value and refuses others', (field, values, phrase) => {
    for (const value of values) {
      expect(messageOf(RiskAssessmentBody, { ...validRisk, [field]: value })).toBeNull();
    }
    expect(messageOf(RiskAssessmentBody, { ...validRisk, [field]: 'BEGINNER' })).toBe(
      `${field}: must be ${phrase}`,
    );
    expect(messageOf(RiskAssessmentBody, { ...validRisk, [field]: '' })).toBe(`${field}: must be ${phrase}`);
    expect(messageOf(RiskAssessmentBody, { ...validRisk, [field]: undefined })).toBe(`${field}: required`);
  });

  it('normalises empty, blank, null and absent income and net worth to null', () => {
    expect(decoded(RiskAssessmentBody, { ...validRisk, annualIncome: '', netWorth: '   ' })).toMatchObject({
      annualIncome: null,
      netWorth: null,
    });
    expect(decoded(RiskAssessmentBody, { ...validRisk, annualIncome: null })).toMatchObject({
      annualIncome: null,
      netWorth: null,
    });
  });

  it('keeps free text (trimmed) and bounds its length', () => {
    expect(
      decoded(RiskAssessmentBody, { ...validRisk, annualIncome: ' $50,000 - $100,000 ' }).annualIncome,
    ).toBe('$50,000 - $100,000');
    expect(messageOf(RiskAssessmentBody, { ...validRisk, netWorth: 'x'.repeat(101) })).toBe(
      'netWorth: must be a string of at most 100 characters or null',
    );
    expect(messageOf(RiskAssessmentBody, { ...validRisk, annualIncome: 50000 })).toBe(
      'annualIncome: must be a string of at most 100 characters or null',
    );
  });

  it('accepts a client expiresAt without requiring it', () => {
    expect(messageOf(RiskAssessmentBody, { ...validRisk, expiresAt: '2030-01-01T00:00:00.000Z' })).toBeNull();
    expect(messageOf(RiskAssessmentBody, validRisk)).toBeNull();
  });
});

describe('RegisterBody and LoginBody', () => {
  const register = { email: 'ann@example.com', password: 'long enough' };

  it('defaults absent names to empty strings', () => {
    expect(decoded(RegisterBody, register)).toEqual({ ...register, firstName: '', lastName: '' });
  });

  it('keeps given names (trimmed) and bounds them', () => {
    expect(decoded(RegisterBody, { ...register, firstName: ' Ann ', lastName: 'Lee' })).toMatchObject({
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(messageOf(RegisterBody, { ...register, lastName: 'x'.repeat(101) })).toBe(
      'lastName: must be plain text of at most 100 characters (no control or text-direction characters)',
    );
    expect(messageOf(RegisterBody, { ...register, firstName: null })).toBe(
      'firstName: must be plain text of at most 100 characters (no control or text-direction characters)',
    );
  });

  it.each([
    ['NUL', 'Ann\u0000'],
    ['a control character', 'Ann\u0007Lee'],
    ['a right-to-left override', 'Ann\u202Egpj.exe'],
    ['a directional isolate', '\u2067Ann'],
    ['a lone high surrogate', 'Ann\uD800'],
    ['a lone low surrogate', '\uDC00Ann'],
  ])('refuses a name or e-mail with %s', (_what, value) => {
    expect(messageOf(RegisterBody, { ...register, firstName: value })).toMatch(
      /^firstName: must be plain text/,
    );
    expect(messageOf(RegisterBody, { ...register, email: `${value}@example.com` })).toBe(
      'email: must be an e-mail address',
    );
    expect(messageOf(LoginBody, { email: `${value}@example.com`, password: 'x' })).toBe(
      'email: must be an e-mail address',
    );
  });

  it('keeps letters from every script and emoji, normalised to NFC so one name has one stored form', () => {
    const decomposed = 'Zoe\u0308'; // e + combining diaeresis
    expect(decoded(RegisterBody, { ...register, firstName: decomposed, lastName: '李 😀' })).toMatchObject({
      firstName: 'Zo\u00eb',
      lastName: '李 😀',
    });
    expect(decoded(RegisterBody, { ...register, email: 'Zoe\u0308@example.com' }).email).toBe(
      'Zo\u00eb@example.com',
    );
  });

  it('checks the password length without trimming it', () => {
    expect(messageOf(RegisterBody, { ...register, password: 'short' })).toBe(
      'password: must be a string of 8-128 characters',
    );
    expect(messageOf(RegisterBody, { ...register, password: 'x'.repeat(129) })).toBe(
      'password: must be a string of 8-128 characters',
    );
    expect(decoded(RegisterBody, { ...register, password: '  spaced  ' }).password).toBe('  spaced  ');
    expect(messageOf(RegisterBody, { email: register.email })).toBe('password: required');
  });

  it.each([['plain'], ['a@b'], ['a b@c.de'], ['@c.de'], [`${'x'.repeat(250)}@c.de`], [7]])(
    'refuses e-mail %p',
    (email) => {
      expect(messageOf(RegisterBody, { ...register, email })).toBe('email: must be an e-mail address');
    },
  );

  it('accepts and trims a normal e-mail, keeping its case', () => {
    expect(decoded(LoginBody, { email: ' Ann.Lee+x@Example.co.uk ', password: 'p' }).email).toBe(
      'Ann.Lee+x@Example.co.uk',
    );
  });

  it('login needs both fields', () => {
    expect(messageOf(LoginBody, { password: 'p' })).toBe('email: required');
    expect(messageOf(LoginBody, { email: 'a@b.co' })).toBe('password: required');
    expect(messageOf(LoginBody, { email: 'a@b.co', password: '' })).toBe(
      'password: must be a string of 1-128 characters',
    );
  });
});

describe('course bodies', () => {
  it('ProgressBody takes a lesson or null for the module quiz, and completed true only', () => {
    expect(decoded(ProgressBody, { moduleId: 1, lessonId: 2, completed: true })).toEqual({
      moduleId: 1,
      lessonId: 2,
      completed: true,
    });
    expect(decoded(ProgressBody, { moduleId: 12, lessonId: null, completed: true }).lessonId).toBeNull();
    expect(messageOf(ProgressBody, { moduleId: 13, lessonId: null, completed: true })).toBe(
      'moduleId: must be an integer 1-12',
    );
    expect(messageOf(ProgressBody, { moduleId: 1, completed: true })).toBe('lessonId: required');
    expect(messageOf(ProgressBody, { moduleId: 1, lessonId: 0, completed: true })).toBe(
      'lessonId: must be a positive integer or null',
    );
    expect(messageOf(ProgressBody, { moduleId: 1, lessonId: 2, completed: false })).toBe(
      'completed: must be true',
    );
  });

  it('QuizAttemptBody accepts isCorrect but does not need it', () => {
    expect(decoded(QuizAttemptBody, { questionId: 4, selectedAnswer: 0, isCorrect: true })).toEqual({
      questionId: 4,
      selectedAnswer: 0,
      isCorrect: true,
    });
    expect(decoded(QuizAttemptBody, { questionId: 4, selectedAnswer: 3 })).toEqual({
      questionId: 4,
      selectedAnswer: 3,
    });
    expect(messageOf(QuizAttemptBody, { questionId: 4, selectedAnswer: -1 })).toBe(
      'selectedAnswer: must be a non-negative integer',
    );
    expect(messageOf(QuizAttemptBody, { questionId: 4, selectedAnswer: 1, isCorrect: 'yes' })).toBe(
      'isCorrect: must be a boolean',
    );
  });

  it('PsychologyAssessmentBody needs 1-100 responses', () => {
    expect(messageOf(PsychologyAssessmentBody, { responses: [] })).toBe(
      'responses: must be a list of 1-100 responses',
    );
    const many = Array.from({ length: 101 }, (_, i) => ({ questionId: i + 1, value: 3 }));
    expect(messageOf(PsychologyAssessmentBody, { responses: many })).toBe(
      'responses: must be a list of 1-100 responses',
    );
    expect(messageOf(PsychologyAssessmentBody, { responses: many.slice(0, 100) })).toBeNull();
    expect(messageOf(PsychologyAssessmentBody, {})).toBe('responses: required');
  });
});

describe('compliance bodies', () => {
  it('AcknowledgmentBody checks the document type and bounds the consent wording', () => {
    expect(messageOf(AcknowledgmentBody, { documentType: 'terms', version: '1.0' })).toBe(
      'documentType: must be one of risk_disclosure, cftc_warning, educational_disclaimer, privacy_policy',
    );
    expect(messageOf(AcknowledgmentBody, { documentType: 'risk_disclosure', version: '' })).toBe(
      'version: must be a non-empty string of at most 50 characters',
    );
    expect(
      messageOf(AcknowledgmentBody, {
        documentType: 'risk_disclosure',
        version: '1.0',
        consentText: 'x'.repeat(501),
      }),
    ).toBe('consentText: must be a string of at most 500 characters');
  });
});

describe('query strings and path parameters', () => {
  it('AsOfQuery takes an optional ISO date-time', () => {
    expect(decoded(AsOfQuery, {})).toEqual({});
    expect(decoded(AsOfQuery, { asOf: '2025-01-17T10:00:00+01:00' })).toEqual({
      asOf: '2025-01-17T10:00:00+01:00',
    });
    expect(messageOf(AsOfQuery, { asOf: 'yesterday' }, 'query')).toBe('asOf: must be an ISO 8601 date-time');
    expect(messageOf(AsOfQuery, { asOf: '2025-13-45T99:00:00Z' }, 'query')).toBe(
      'asOf: must be an ISO 8601 date-time',
    );
  });

  it('LearnerSearchQuery needs 1-100 characters', () => {
    expect(decoded(LearnerSearchQuery, { query: ' ann ' })).toEqual({ query: 'ann' });
    expect(messageOf(LearnerSearchQuery, { query: '  ' }, 'query')).toBe(
      'query: must be a non-empty string of at most 100 characters',
    );
    expect(messageOf(LearnerSearchQuery, {}, 'query')).toBe('query: required');
  });

  it('ModuleIdParams turns a numeric segment into a number', () => {
    expect(decoded(ModuleIdParams, { id: '7' })).toEqual({ id: 7 });
    for (const id of ['0', 'abc', '1.5', '-2', '']) {
      expect(messageOf(ModuleIdParams, { id }, 'params')).toBe('id: must be a positive integer');
    }
  });

  it('DocumentVersionParams checks the document type', () => {
    expect(decoded(DocumentVersionParams, { documentType: 'privacy_policy', version: '1.0' })).toEqual({
      documentType: 'privacy_policy',
      version: '1.0',
    });
    expect(messageOf(DocumentVersionParams, { documentType: 'x', version: '1.0' }, 'params')).toMatch(
      /^documentType: must be one of /,
    );
  });
});
