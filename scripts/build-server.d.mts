/** Types of build-server.mjs (the server compiled to one ES module). */
export declare const SERVER_DIST: string;
export declare const SERVER_ENTRY: string;
export declare function buildServer(options?: {
  force?: boolean;
  log?: (line: string) => void;
}): Promise<boolean>;
export declare function sourcesHash(dirs: string[], skip?: (name: string) => boolean): string;
