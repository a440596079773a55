import { Route, Routes } from 'react-router';
import { ThemeProvider } from './theme';
import { NotFoundPage } from './pages/not-found.page';

export function App() {
  return (
    <ThemeProvider>
      <Routes>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </ThemeProvider>
  );
}
