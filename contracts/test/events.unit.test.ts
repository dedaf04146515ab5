import type * as t from 'io-ts';
import {
  decode,
  decodeEvent,
  type EventType,
  event,
  eventCodecs,
  eventStreams,
  eventTypes,
  isEventType,
  ofType,
  parseStream,
  streamId,
  streamPrefixes,
  streams,
} from '../src';
import { eventSamples, hash, userId } from './samples';

const cases = eventTypes.map((type) => [type] as const);
const codecOf = (type: EventType): t.Decoder<unknown, unknown> => eventCodecs[type];

describe('event codecs', () => {
  it('has a sample for exactly the event types of the contract', () => {
    expect(Object.keys(eventSamples).sort()).toEqual([...eventTypes].sort());
    expect(eventTypes).toHaveLength(36);
  });

  it.each(cases)('%s decodes a valid sample unchanged', (type) => {
    const sample: unknown = eventSamples[type];
    expect(decode(codecOf(type), sample)).toEqual({ _tag: 'Right', right: sample });
  });

  it.each(cases)('%s rejects each missing field by name', (type) => {
    const sample: Record<string, unknown> = { ...eventSamples[type] };
    for (const field of Object.keys(sample)) {
      const { [field]: _removed, ...rest } = sample;
      const result = decode(codecOf(type), rest, 'data');
      // annualIncome/netWorth normalise absent to null; every other field is required.
      if (type === 'RiskAssessed' && (field === 'annualIncome' || field === 'netWorth')) {
        expect(result).toEqual({ _tag: 'Right', right: { ...rest, [field]: null } });
      } else {
        expect(result).toEqual({ _tag: 'Left', left: `${field}: required` });
      }
    }
  });

  it.each(cases)('%s drops unknown fields', (type) => {
    const result = decode(codecOf(type), { ...eventSamples[type], injected: 'x' });
    expect(result).toEqual({ _tag: 'Right', right: eventSamples[type] });
  });

  it('checks values, not just presence', () => {
    expect(
      decode(eventCodecs.ModuleQuizCompleted, { ...eventSamples.ModuleQuizCompleted, score: 101 }),
    ).toEqual({
      _tag: 'Left',
      left: 'score: must be an integer 0-100',
    });
    expect(decode(eventCodecs.LoginFailed, { ...eventSamples.LoginFailed, emailHash: 'ABC' })).toEqual({
      _tag: 'Left',
      left: 'emailHash: must be a SHA-256 hex digest',
    });
    expect(
      decode(eventCodecs.QuizPublished, {
        ...eventSamples.QuizPublished,
        questions: [{ id: 1, question: 'Q', options: [], correctAnswer: 0, explanation: null }],
      }),
    ).toEqual({ _tag: 'Left', left: 'questions.0.correctAnswer: must be a positive integer' });
  });
});

describe('published questions: whyWrong is optional so events published before it still decode', () => {
  const [question] = eventSamples.QuizPublished.questions;
  const withWhyWrong = { ...question, whyWrong: { '1': 'Why option 1 is wrong.' } };

  it('a QuizPublished question without whyWrong (published before it was authored) decodes unchanged', () => {
    expect(question).not.toHaveProperty('whyWrong');
    expect(decode(eventCodecs.QuizPublished, eventSamples.QuizPublished)).toEqual({
      _tag: 'Right',
      right: eventSamples.QuizPublished,
    });
  });

  it('whyWrong keyed by the 1-based option number is kept', () => {
    const data = { ...eventSamples.QuizPublished, questions: [withWhyWrong] };
    expect(decode(eventCodecs.QuizPublished, data)).toEqual({ _tag: 'Right', right: data });
  });

  it('a whyWrong key that is not an option number is dropped, as unknown keys are everywhere', () => {
    for (const key of ['0', 'A', '1.5', '']) {
      const data = {
        ...eventSamples.QuizPublished,
        questions: [{ ...question, whyWrong: { [key]: 'x', '2': 'Why option 2 is wrong.' } }],
      };
      expect(decode(eventCodecs.QuizPublished, data)).toEqual({
        _tag: 'Right',
        right: {
          ...eventSamples.QuizPublished,
          questions: [{ ...question, whyWrong: { '2': 'Why option 2 is wrong.' } }],
        },
      });
    }
  });
});

describe('lesson checks in LessonPublished: optional, so lessons published before checks still decode', () => {
  const check = { ...eventSamples.QuizPublished.questions[0], id: 10011, whyWrong: { '1': 'Not A.' } };

  it('a LessonPublished without checks decodes unchanged', () => {
    expect(eventSamples.LessonPublished).not.toHaveProperty('checks');
    expect(decode(eventCodecs.LessonPublished, eventSamples.LessonPublished)).toEqual({
      _tag: 'Right',
      right: eventSamples.LessonPublished,
    });
  });

  it('checks have the published question shape, key and whyWrong included', () => {
    const data = { ...eventSamples.LessonPublished, checks: [check] };
    expect(decode(eventCodecs.LessonPublished, data)).toEqual({ _tag: 'Right', right: data });
    expect(
      decode(eventCodecs.LessonPublished, { ...data, checks: [{ ...check, correctAnswer: 0 }] }),
    ).toEqual({
      _tag: 'Left',
      left: 'checks.0.correctAnswer: must be a positive integer',
    });
  });
});

describe('decodeEvent', () => {
  it('decodes by type into a tagged event', () => {
    expect(decodeEvent('LessonCompleted', eventSamples.LessonCompleted)).toEqual({
      _tag: 'Right',
      right: { type: 'LessonCompleted', data: eventSamples.LessonCompleted },
    });
  });

  it('names the field of bad data under "data"', () => {
    expect(decodeEvent('LessonCompleted', { moduleId: 1, completedAt: 'x' })).toEqual({
      _tag: 'Left',
      left: 'lessonId: required',
    });
    expect(decodeEvent('LessonCompleted', 'x')).toEqual({
      _tag: 'Left',
      left: 'data: must be a JSON object',
    });
  });

  it('refuses an unknown type', () => {
    const result = decodeEvent('ProgressUpdate2', {});
    expect(result._tag).toBe('Left');
    expect(isEventType('ProgressUpdate2')).toBe(false);
    expect(isEventType('toString')).toBe(false);
    expect(isEventType('RiskAssessed')).toBe(true);
  });
});

describe('streams', () => {
  it('every event lives in a known stream category', () => {
    for (const type of eventTypes) {
      expect(Object.keys(streamPrefixes)).toContain(eventStreams[type]);
    }
    const byCategory = (category: string): EventType[] =>
      eventTypes.filter((t) => eventStreams[t] === category);
    expect(byCategory('learning')).toEqual([
      'LessonCompleted',
      'LessonCheckAnswered',
      'QuizQuestionAnswered',
      'ModuleQuizCompleted',
      'CertificateIssued',
      'CertificateNameChosen',
      'MarginSimulationCompleted',
      'ReviewAnswered',
    ]);
    expect(byCategory('email')).toEqual(['EmailReserved', 'EmailReleased']);
    expect(byCategory('login')).toEqual(['LoginFailed', 'FailedLoginsExpired']);
  });

  it('builds the stream names of the event log', () => {
    expect(streams.user(userId)).toBe(`user-${userId}`);
    expect(streams.email(hash)).toBe(`email-${hash}`);
    expect(streams.login(hash)).toBe(`login-${hash}`);
    expect(streams.learning('u1')).toBe('learning-u1');
    expect(streams.compliance('u1')).toBe('compliance-u1');
    expect(streams.psychology('u1')).toBe('psychology-u1');
    expect(streams.catalogModule(3)).toBe('catalog-course-module-3');
    expect(streams.catalogDocument('risk_disclosure')).toBe('catalog-document-risk_disclosure');
    expect(streams.catalogPsychology()).toBe('catalog-psychology');
    expect(streams.catalogContractSpecs()).toBe('catalog-contract-specs');
    expect(streams.audit('a1')).toBe('audit-a1');
  });

  it('parses stream names back', () => {
    expect(parseStream('catalog-course-module-12')).toEqual({ category: 'catalogModule', id: '12' });
    expect(parseStream('catalog-document-cftc_warning')).toEqual({
      category: 'catalogDocument',
      id: 'cftc_warning',
    });
    expect(parseStream('catalog-psychology')).toEqual({ category: 'catalogPsychology', id: '' });
    expect(parseStream('log-checkpoints')).toEqual({ category: 'checkpoints', id: '' });
    expect(parseStream('log-migrations')).toEqual({ category: 'migrations', id: '' });
    expect(parseStream(`compliance-${userId}`)).toEqual({ category: 'compliance', id: userId });
    expect(parseStream('user-')).toBeNull();
    expect(parseStream('orders-1')).toBeNull();
  });

  it('reads the id of a stream of a known category, and refuses a name of another category', () => {
    expect(streamId('compliance', `compliance-${userId}`)).toBe(userId);
    expect(streamId('catalogModule', 'catalog-course-module-12')).toBe('12');
    expect(streamId('catalogPsychology', 'catalog-psychology')).toBe('');
    expect(() => streamId('learning', `compliance-${userId}`)).toThrow(
      `compliance-${userId} is not a learning stream`,
    );
    expect(() => streamId('user', 'user-')).toThrow('user- is not a user stream');
  });
});

describe('ofType', () => {
  it('keeps the events of one type, their data typed', () => {
    const events = [
      event('LessonCompleted', { moduleId: 1, lessonId: 2, completedAt: '2026-01-01T10:00:00.000Z' }),
      event('ModuleQuizCompleted', {
        moduleId: 1,
        score: 50,
        correct: 1,
        total: 2,
        completedAt: '2026-01-01T11:00:00.000Z',
      }),
    ];
    expect(events.filter(ofType('ModuleQuizCompleted')).map((e) => e.data.score)).toEqual([50]);
    expect(events.find(ofType('RiskAssessed'))).toBeUndefined();
  });
});
