/** Placeholder until the app shell lands: the platform serves this page from `npm start`. */
export function App() {
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}
    >
      <h1>Tickwise</h1>
      <p>A free futures-trading course for adults. The course opens here soon.</p>
    </main>
  );
}
