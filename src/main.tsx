import { createRoot } from 'react-dom/client';

// Minimal console entry; the shell (issue 4) replaces it.
function App() {
  return (
    <main>
      <h1>短信云平台 · Short message cloud platform</h1>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
