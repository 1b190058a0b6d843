// The toast API features use; AppToaster renders them with the house durations and limit.
export { toast } from 'react-hot-toast';
