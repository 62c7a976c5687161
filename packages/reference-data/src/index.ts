// Countries, Nigerian states and local government areas, and their lookups, arrive with the
// reference-data issue. Pure data and functions: no I/O.
export {};
