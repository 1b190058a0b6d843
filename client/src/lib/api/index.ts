export * from './api';
export { API_HOST, apiUrl, errorMessage, isErrorBody, jsonIfAny, type ApiResponse } from './request';
