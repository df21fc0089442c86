-- Trigram indexes power the product's search (ADR 050). drizzle-kit does not write extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
