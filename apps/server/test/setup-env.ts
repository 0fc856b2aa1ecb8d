// API tests run quiet and on a fixed clock-independent timezone.
process.env.TZ = 'UTC';
process.env.NODE_ENV ??= 'test';
