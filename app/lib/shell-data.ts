/** What the root loader gives the shell (header, breadcrumb, footer, dialogs). */
export interface FooterLink {
  label: string;
  href: string;
}

export interface FlashNotice {
  kind: "info" | "success" | "error";
  text: string;
}

export interface ShellData {
  /** 'Order Express {market}', the suffix of every page title. */
  productTitle: string;
  brand: {
    name: string;
    logoUrl: string | null;
    canChangeStores: boolean;
  };
  /** The store being ordered from: the URL's, else the saved home store. */
  store: { id: number; name: string } | null;
  /** Shown as the Cart link when a store is chosen and an order is in progress. */
  cart: { itemCount: number } | null;
  /** Sign-in offered (the account integration is on), and who is signed in. */
  account: { enabled: boolean; signedInAs: string | null };
  footerLinks: FooterLink[];
  csrfToken: string;
  flashMessages: FlashNotice[];
  /** Pages go without any script: 'Lite version' chosen, or the browser asks to save data. */
  lite: { on: boolean; chosen: boolean };
  /** Set when the application could not start: the shell shows the error page instead. */
  globalError: { code: number; message: string } | null;
}
