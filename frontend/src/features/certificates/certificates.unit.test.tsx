import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { json, scriptFetch } from '../../../test/fetch';
import { learner, renderWithProviders, sessionOf } from '../../../test/render';
import { CertificatesCard } from './CertificatesCard';
import { VerifyPage } from './VerifyPage';

const ID = '0190f5d2-7c1e-7c3a-9b4e-3f2a1c0d9e8b';
const summary = {
  id: ID,
  name: 'Futures Trading Course: Certificate of Completion',
  recipientName: 'Ann Lee',
  issuedAt: '2026-12-01T10:00:00.000Z',
  courseVersion: 'a'.repeat(64),
  status: 'active',
  verifyUrl: `https://tickwise.example/verify/${ID}`,
  credentialUrl: `https://tickwise.example/api/certificates/${ID}`,
  linkedInUrl: 'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=x',
};
const verification = {
  id: ID,
  verified: true,
  status: 'active',
  recipientName: 'Ann Lee',
  achievement: 'Futures Trading Course: Certificate of Completion',
  issuedAt: '2026-12-01T10:00:00.000Z',
  issuer: { id: 'https://tickwise.example/api/issuer', name: 'Tickwise', url: 'https://tickwise.example' },
  checks: [
    { check: 'proof', ok: true, detail: 'The signature matches every field.' },
    { check: 'issuerKey', ok: true, detail: 'Signed with the published key.' },
    { check: 'validity', ok: true, detail: 'Valid since 2026-12-01, with no end date.' },
    { check: 'status', ok: true, detail: 'Not revoked.' },
  ],
  notConfirmed: ['That the person showing this certificate is the person it names.'],
  credential: null,
};

describe('the certificates card', () => {
  it('before the first certificate, says how to earn one', async () => {
    scriptFetch(() => json([]));
    renderWithProviders(<CertificatesCard />, { path: '/dashboard', session: sessionOf(learner) });
    expect(await screen.findByText(/pass every module quiz with 70% or more/)).toBeInTheDocument();
  });

  it('offers the PDF, the credential JSON, LinkedIn and the verify page', async () => {
    scriptFetch(() => json([summary]));
    renderWithProviders(<CertificatesCard />, { path: '/dashboard', session: sessionOf(learner) });
    const card = within(await screen.findByTestId('certificates-card'));
    expect(await card.findByText(/Issued 1 December 2026 to Ann Lee/)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/certificates/${ID}/pdf`,
    );
    expect(card.getByRole('link', { name: 'Credential (JSON)' })).toHaveAttribute(
      'href',
      `/api/certificates/${ID}`,
    );
    expect(card.getByRole('link', { name: 'Add to LinkedIn' })).toHaveAttribute('href', summary.linkedInUrl);
    expect(card.getByRole('link', { name: 'Verify page' })).toHaveAttribute('href', `/verify/${ID}`);
  });
});

describe('the verify page', () => {
  const renderVerify = (reply: () => ReturnType<typeof json>) => {
    scriptFetch(reply);
    renderWithProviders(
      <Routes>
        <Route path="/verify/:id" element={<VerifyPage />} />
      </Routes>,
      { path: `/verify/${ID}` },
    );
  };

  it('says verified, who, what, when and the issuer, each check, and what it does not confirm', async () => {
    renderVerify(() => json(verification));
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
    expect(screen.getByText('1 December 2026')).toBeInTheDocument();
    expect(screen.getByText(/Confirmed: Signature/)).toBeInTheDocument();
    expect(screen.getByText(/Confirmed: Status/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What this does not confirm' })).toBeInTheDocument();
  });

  it('a revoked certificate names no one', async () => {
    renderVerify(() =>
      json({
        ...verification,
        verified: false,
        status: 'revoked',
        recipientName: null,
        checks: [{ check: 'status', ok: false, detail: 'Revoked on 2026-12-02.' }],
      }),
    );
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(screen.getByText(/No one: the name was removed/)).toBeInTheDocument();
    expect(screen.getByText(/Not confirmed: Status/)).toBeInTheDocument();
    expect(screen.queryByText('Ann Lee')).not.toBeInTheDocument();
  });

  it('an unknown id is not verified, said plainly', async () => {
    renderVerify(() => json({ error: 'Certificate not found' }, 404));
    expect(await screen.findByText('Not verified: no certificate has this id')).toBeInTheDocument();
  });
});
