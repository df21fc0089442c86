// The hook registers itself when the module is loaded; it exports nothing.
export {};
