import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppShell } from './app/AppShell';
import { type AppStore, createAppStore } from './app/store';
import { system } from './theme/system';

/** Chakra (the Tickwise system) and Redux around `children`; the router is the caller's. */
export function Providers({ store, children }: { readonly store: AppStore; readonly children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ReduxProvider store={store}>{children}</ReduxProvider>
    </ChakraProvider>
  );
}

export function App({ store = createAppStore() }: { readonly store?: AppStore }) {
  return (
    <Providers store={store}>
      <BrowserRouter>
        <AppShell />
      </BrowserRouter>
    </Providers>
  );
}
