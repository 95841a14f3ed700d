// The database screen's URL filters are shared with the server (saved searches read them back).
export * from '@shared/lib/marketplace-filters';
