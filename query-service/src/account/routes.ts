import { ofType, PERSONAL_DATA_FORMAT, type PersonalDataExport, streams } from '@tickwise/contracts';
import { commandMetadata, HttpError, type RecordedEvent, type RouteHandlers } from '@tickwise/platform';
import type { QueryServiceDeps } from '../app/deps';

const data = <E extends { data: unknown }>(events: readonly E[]): Array<E['data']> =>
  events.map((e) => e.data);

/** GET /api/account/data: "Download my data", read from the learner's own streams with their key. */
export function accountQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  return {
    async personalData(_input, request) {
      const { userId } = request.principal;
      const user = await deps.users.userRecord(userId);
      if (!user) throw new HttpError(401, 'Authentication required');
      const read = (stream: string): Promise<RecordedEvent[]> => deps.personalLog.readStream(stream);
      const [account, compliance, learning, psychology] = await Promise.all([
        read(streams.user(userId)),
        read(streams.compliance(userId)),
        read(streams.learning(userId)),
        read(streams.psychology(userId)),
      ]);
      const registered = account.find(ofType('UserRegistered'))?.data;
      if (!registered) throw new HttpError(401, 'Authentication required');
      const exportedAt = deps.now().toISOString();
      const body: PersonalDataExport = {
        format: PERSONAL_DATA_FORMAT,
        exportedAt,
        profile: {
          id: userId,
          email: registered.email,
          firstName: registered.firstName,
          lastName: registered.lastName,
          registeredAt: registered.registeredAt,
        },
        roles: user.roles,
        isCompliant: user.isCompliant,
        logins: account.filter(ofType('LoginSucceeded')).map((e) => ({
          at: e.metadata.occurredAt,
          ip: e.data.ip,
          userAgent: e.data.userAgent,
        })),
        documentViews: data(compliance.filter(ofType('ComplianceDocumentViewed'))),
        acknowledgments: data(compliance.filter(ofType('DocumentAcknowledged'))),
        riskAssessments: data(compliance.filter(ofType('RiskAssessed'))),
        regulatoryWarnings: data(compliance.filter(ofType('RegulatoryWarningIssued'))),
        regulatoryWarningAcknowledgments: data(compliance.filter(ofType('RegulatoryWarningAcknowledged'))),
        lessonsCompleted: data(learning.filter(ofType('LessonCompleted'))),
        lessonCheckAnswers: data(learning.filter(ofType('LessonCheckAnswered'))),
        quizAnswers: data(learning.filter(ofType('QuizQuestionAnswered'))),
        moduleQuizzes: data(learning.filter(ofType('ModuleQuizCompleted'))),
        psychologyAssessments: data(psychology.filter(ofType('PsychologyAssessmentCompleted'))),
        reviewAnswers: data(learning.filter(ofType('ReviewAnswered'))),
        marginSimulations: data(learning.filter(ofType('MarginSimulationCompleted'))),
        certificates: data(learning.filter(ofType('CertificateIssued'))),
        certificateNames: data(learning.filter(ofType('CertificateNameChosen'))),
        previousExports: account.filter(ofType('PersonalDataExported')).map((e) => e.data.exportedAt),
      };
      // The download is itself a fact about the learner's data: recorded on their user stream.
      const { position } = await deps.log.appendToStream(
        streams.user(userId),
        [
          {
            type: 'PersonalDataExported',
            data: { userId, exportedAt },
            metadata: commandMetadata(
              { commandId: request.commandId, correlationId: request.requestId, actor: userId },
              exportedAt,
            ),
          },
        ],
        { expectedRevision: 'any' },
      );
      return {
        body,
        position,
        file: {
          contentType: 'application/json',
          filename: `tickwise-my-data-${exportedAt.slice(0, 10)}.json`,
        },
      };
    },
  };
}
