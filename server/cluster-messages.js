// The messages between server.js's primary and its serving processes (plain
// JavaScript: the primary never loads the build, and the build bundles this).

/**
 * A serving process made a job due at once (`runJobSoon`: a contest
 * completed, an announcement published). The primary passes it to the other
 * serving processes; the one holding the scheduler's lease runs the job on
 * its next turn (server/app.ts).
 */
export const SCHEDULER_PROMPT = 'scheduler.prompt'
