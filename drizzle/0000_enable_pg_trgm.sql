-- Trigram indexes power the product's search (ARCHITECTURE.md: search). drizzle-kit does not write extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
