// What other features and the layouts may use of the enrolments feature: nothing yet (its screen is reached by its route).
export {};
