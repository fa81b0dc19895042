//! Deadline schedules.
